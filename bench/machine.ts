// The machine and the versions that the figures belong to.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { chromiumPath } from '../test/support/chromium.ts'

const version = (pkg: string) => {
  try {
    return (
      JSON.parse(readFileSync(new URL(`../node_modules/${pkg}/package.json`, import.meta.url), 'utf8')) as {
        version: string
      }
    ).version
  } catch {
    return 'not installed'
  }
}

function osName() {
  try {
    const release = readFileSync('/etc/os-release', 'utf8')
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1] ?? 'unknown'
  } catch {
    return `${process.platform}`
  }
}

function chromiumVersion() {
  try {
    return execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return 'not installed'
  }
}

export async function machineInfo(): Promise<[string, string][]> {
  const cpu = cpus()
  const kernel = execFileSync('uname', ['-r'], { encoding: 'utf8' }).trim()
  return [
    ['CPU', `${cpu[0]?.model ?? 'unknown'}`],
    ['cores', String(cpu.length)],
    ['RAM', `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`],
    ['OS', `${osName()}, Linux ${kernel}`],
    ['Node', process.version],
    ['react, react-dom', `${version('react')}, ${version('react-dom')}`],
    ['@tanstack/react-query', version('@tanstack/react-query')],
    ['chromium', chromiumVersion()],
    ['playwright-core', version('playwright-core')],
    ['sharp', version('sharp')],
    ['better-sqlite3', version('better-sqlite3')],
    ['hono, @hono/node-server', `${version('hono')}, ${version('@hono/node-server')}`],
    ['autocannon', version('autocannon')],
  ]
}
