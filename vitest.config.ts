import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './test/support/chromium.ts'
import { mouse } from './test/support/mouse.ts'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [
            'test/browser/**',
            'test/e2e/**',
            'test/hooks/**',
            'test/provider/**',
            'test/components/**',
            'test/testing/**/*.dom.test.ts',
          ],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'test/hooks/**/*.test.{ts,tsx}',
            'test/provider/**/*.test.{ts,tsx}',
            'test/components/**/*.test.tsx',
            // The emulator as host apps' tests run it: in jsdom.
            'test/testing/**/*.dom.test.ts',
          ],
        },
      },
      {
        // Server rendering in plain Node: no window, document or storage.
        plugins: [react()],
        test: {
          name: 'ssr',
          environment: 'node',
          include: ['test/ssr/**/*.test.tsx'],
        },
      },
      {
        plugins: [react()],
        // Only the hydration test imports it: bundled up front, or the optimizer reruns mid-run
        // and the page ends up with two copies of React.
        optimizeDeps: { include: ['react-dom/server'] },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.{ts,tsx}'],
          globalSetup: ['test/browser/globalSetup.ts'],
          // The files share one server and its faults: one file at a time.
          fileParallelism: false,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
            commands: { mouse },
          },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          // One journey at a time: each starts a server, a playground and Chromium.
          fileParallelism: false,
        },
      },
      {
        // Every story is a test in Chromium: it renders, its play function passes, axe finds nothing.
        plugins: [storybookTest({ configDir: '.storybook' })],
        test: {
          name: 'storybook',
          setupFiles: ['.storybook/vitest.setup.ts'],
          // A story's time includes its axe check: over GroupEditor's 1000 rows that alone takes
          // 10–13 s on this 2-core machine (the play function under 2 s), past the 15 s default
          // when the machine is busy (a fresh-clone CI run failed at 20 s).
          testTimeout: 45_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})
