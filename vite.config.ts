import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Library build: ESM only, React / TanStack Query / MSW / Hono left to the host.
// One output file per source module: each keeps its own 'use client' directive (Next.js app
// router), and a host's bundler drops whole files it does not import.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        /^@tanstack\//,
        /^msw($|\/)/,
        /^hono($|\/)/,
        /^fflate($|\/)/,
      ],
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
})
