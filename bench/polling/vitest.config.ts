// Only for bench/polling/pollingBench.ts: runs polling.run.tsx in jsdom with fake timers.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['bench/polling/polling.run.tsx'],
    environment: 'jsdom',
  },
})
