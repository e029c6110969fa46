// `npm run size:compare`: Filekit next to Uploadcare's React uploader and Uppy's Dashboard,
// measured the same way: esbuild bundle of one import, minified, React/ReactDOM/TanStack Query
// external, gzip level 9. The other kits are installed at pinned versions into a cache folder
// (no install scripts), so the figures can be reproduced on any machine with the npm registry.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..')
const cache = join(root, '.compat', 'size-compare')
const others = {
  '@uploadcare/react-uploader': '1.17.0',
  '@uppy/core': '6.3.1',
  '@uppy/dashboard': '6.0.3',
  '@uppy/react': '6.1.1',
  react: '19.3.1',
  'react-dom': '19.3.1',
}

function install() {
  const stamp = join(cache, 'installed.json')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === JSON.stringify(others)) return
  mkdirSync(cache, { recursive: true })
  writeFileSync(join(cache, 'package.json'), '{"private":true}\n')
  const specs = Object.entries(others).map(([name, version]) => `${name}@${version}`)
  console.log(`installing ${specs.join(' ')} into ${cache}`)
  execFileSync(
    'npm',
    ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', ...specs],
    { cwd: cache, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  writeFileSync(stamp, JSON.stringify(others))
}

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length

async function jsSize(contents, resolveDir) {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    logLevel: 'error',
    external: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query'],
    // Styles are measured on their own below; a JS import of CSS adds nothing to the JS figure.
    loader: { '.css': 'empty' },
  })
  const js = result.outputFiles.find((file) => file.path.endsWith('.js') || file.path === '<stdout>')
  return gzip(js.contents)
}

async function cssSize(file) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'error',
  })
  return gzip(result.outputFiles[0].contents)
}

const version = (dir, name) =>
  JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version

install()
const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version
if (!existsSync(join(root, 'dist', 'index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (or `npm run size:compare`, which builds).')
  process.exit(1)
}

const rows = [
  {
    kit: `@filekit/react ${own}`,
    what: 'everything (6 components, hooks, client)',
    js: await jsSize(`export * from './dist/index.js'`, root),
    css: await cssSize(join(root, 'dist', 'styles.css')),
  },
  {
    kit: `@filekit/react ${own}`,
    what: 'FileUploader alone',
    js: await jsSize(`export { FileUploader } from './dist/index.js'`, root),
    css: await cssSize(join(root, 'dist', 'styles.css')),
  },
  {
    kit: `@uploadcare/react-uploader ${version(cache, '@uploadcare/react-uploader')}`,
    what: 'FileUploaderRegular',
    js: await jsSize(`export { FileUploaderRegular } from '@uploadcare/react-uploader'`, cache),
    css: await cssSize(
      join(cache, 'node_modules', '@uploadcare', 'react-uploader', 'dist', 'react-uploader.css'),
    ),
  },
  {
    kit: `@uppy/react ${version(cache, '@uppy/react')} + core ${version(cache, '@uppy/core')} + dashboard ${version(cache, '@uppy/dashboard')}`,
    what: 'Dashboard with an Uppy instance',
    js: await jsSize(
      `export { default as Uppy } from '@uppy/core'\nexport { default as Dashboard } from '@uppy/react/dashboard'`,
      cache,
    ),
    css: await cssSize(join(cache, 'node_modules', '@uppy', 'dashboard', 'dist', 'style.min.css')),
  },
]

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
console.log('\n| kit | import | JS min+gzip | CSS min+gzip |\n|---|---|---:|---:|')
for (const row of rows) console.log(`| ${row.kit} | ${row.what} | ${kB(row.js)} | ${kB(row.css)} |`)
console.log('\nReact, ReactDOM and TanStack Query external; esbuild minify, gzip -9.')
