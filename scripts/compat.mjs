// Installs pinned packages into a folder of .compat/ (gitignored) once, for the jobs that run
// against other versions than the project's own: React 18 (test-react18.mjs), the oldest
// TanStack Query the peer range allows (check-peer-min.mjs).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

/** Runs a command in the project's root; its failure ends this process with its status. */
export function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

/**
 * `packages` (name → exact version) in `.compat/<folder>/node_modules`, installed unless they
 * are there already. Returns the folder's path, ending in `/`.
 */
export function installCompat(folder, packages) {
  const prefix = `${root}.compat/${folder}/`
  const names = Object.keys(packages)
  const installed = (name) => {
    const file = `${prefix}node_modules/${name}/package.json`
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === packages[name]
  }
  const wanted = names.map((name) => `${name}@${packages[name]}`).join(' ')
  if (names.every(installed)) {
    console.log(`${wanted} already in .compat/${folder}`)
    return prefix
  }
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
    ...names.map((name) => `${name}@${packages[name]}`),
  ])
  const missing = names.filter((name) => !installed(name))
  if (missing.length) {
    console.error(
      `${missing.join(', ')} not in ${prefix}node_modules at the versions asked after npm install`,
    )
    process.exit(1)
  }
  return prefix
}
