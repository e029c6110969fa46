// The React 18 compatibility job (`npm run test:react18`): the jsdom unit tests and the SSR tests
// against React 18.3.1, which scripts/test-react18.mjs installs into .compat/react18.
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const modules = fileURLToPath(new URL('./.compat/react18/node_modules/', import.meta.url))

// `react`, `react/jsx-runtime`, `react-dom/client`, `react-dom/server`, `react-dom/test-utils`…
const alias = ['react', 'react-dom', 'scheduler'].map((name) => ({
  find: new RegExp(`^${name}(/.*)?$`),
  replacement: `${modules}${name}$1`,
}))
// Testing Library's package has no `exports`, and Node would load its CommonJS build, whose
// `require('react-dom/client')` no alias reaches: use its ES build.
alias.push({
  find: /^@testing-library\/react$/,
  replacement: fileURLToPath(
    new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
  ),
})
// Inlined so that their own imports of React go through the aliases too: one React in the test.
const inline = ['@testing-library/react', '@tanstack/react-query']

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'dom-react18',
          environment: 'jsdom',
          include: [
            'test/hooks/**/*.test.{ts,tsx}',
            'test/provider/**/*.test.{ts,tsx}',
            'test/components/**/*.test.tsx',
            'test/react18/**/*.test.tsx',
          ],
          server: { deps: { inline } },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'ssr-react18',
          environment: 'node',
          include: ['test/ssr/**/*.test.tsx', 'test/react18/**/*.test.tsx'],
          server: { deps: { inline } },
        },
      },
    ],
  },
})
