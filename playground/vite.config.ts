import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The playground is a host app: it imports Filekit by its public names only. The aliases stand
// in for `npm install @filekit/react` so it always runs the working tree.
const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url))
const serviceUrl = process.env.FILEKIT_URL ?? 'http://127.0.0.1:4010'
const projectId = process.env.FILEKIT_PROJECT_ID ?? 'demo'
const secretKey = process.env.FILEKIT_SECRET_KEY ?? 'demo_secret_key'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@filekit\/react\/styles\.css$/, replacement: src('styles.css') },
      { find: /^@filekit\/react$/, replacement: src('index.ts') },
    ],
  },
  define: {
    __FILEKIT_URL__: JSON.stringify(serviceUrl),
    __FILEKIT_PROJECT__: JSON.stringify(projectId),
  },
  server: {
    port: Number(process.env.PLAYGROUND_PORT ?? 5173),
    strictPort: true,
    host: '127.0.0.1',
    // The operator console goes through this proxy, which adds the secret key: the browser
    // never holds it (the way a host app's backend would do it).
    proxy: {
      '/operator-api': {
        target: serviceUrl,
        changeOrigin: true,
        rewrite: (path) => path.replace(/^\/operator-api/, ''),
        headers: { Authorization: `Bearer ${secretKey}` },
      },
    },
  },
})
