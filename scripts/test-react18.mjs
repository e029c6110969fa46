// React 18 compatibility job: installs react and react-dom 18.3.1 into .compat/react18 (once;
// gitignored) and runs the jsdom unit tests and the SSR tests against them through
// vitest.react18.config.ts. Extra arguments go to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const version = '18.3.1'
const root = fileURLToPath(new URL('..', import.meta.url))
const prefix = fileURLToPath(new URL('../.compat/react18/', import.meta.url))
const installed = (name) => {
  const file = `${prefix}node_modules/${name}/package.json`
  return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === version
}

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (installed('react') && installed('react-dom')) {
  console.log(`react and react-dom ${version} already in .compat/react18`)
} else {
  mkdirSync(prefix, { recursive: true })
  // --prefix with no package.json there: a plain node_modules, nothing saved, no lock file.
  run('npm', [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    `react@${version}`,
    `react-dom@${version}`,
  ])
  if (!installed('react') || !installed('react-dom')) {
    console.error(`react and react-dom ${version} are not in ${prefix}node_modules after npm install`)
    process.exit(1)
  }
}

run('npx', ['vitest', 'run', '--config', 'vitest.react18.config.ts', ...process.argv.slice(2)])
