// `npm start`: the emulator server (seeded demo project) and the playground host app.
// Prints both URLs and the demo secret key; Ctrl-C stops both.
import { spawn } from 'node:child_process'

const port = process.env.PORT ?? '4010'
// One place for the demo project's identity: the server and the playground's proxy share it.
process.env.FILEKIT_PROJECT_ID ??= 'demo'
process.env.FILEKIT_SECRET_KEY ??= 'demo_secret_key'
process.env.FILEKIT_URL ??= `http://127.0.0.1:${port}`
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
run('playground', process.execPath, [
  'node_modules/vite/bin/vite.js',
  '--config',
  'playground/vite.config.ts',
])
console.log(
  `playground: http://127.0.0.1:${process.env.PLAYGROUND_PORT ?? 5173}/ (end-user portal; operator console at #/operator)`,
)
