// `npm start`: the emulator server (seeded demo project) and, when present, the playground.
// Prints both URLs and the demo secret key; Ctrl-C stops both.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

const port = process.env.PORT ?? '4010'
const children = []

function run(name, command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: process.env })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the rest.`)
      stop(code ?? 1)
    }
  })
  children.push(child)
}

let stopping = false
function stop(code = 0) {
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 1500).unref()
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(
    () => process.exit(code),
  )
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

run('emulator server', process.execPath, [
  '--import',
  'tsx',
  'server/main.ts',
  '--port',
  port,
  '--data',
  process.env.FILEKIT_DATA ?? '.filekit-data',
])
if (existsSync('playground/vite.config.ts')) {
  run('playground', process.execPath, [
    'node_modules/vite/bin/vite.js',
    '--config',
    'playground/vite.config.ts',
  ])
} else {
  console.log('playground: not built yet (issue 6); the emulator server above is the main job for now.')
}
