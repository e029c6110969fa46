// `npm run server -- --port 4010 --data .filekit-data`: the emulator over HTTP with SQLite
// storage, blobs on disk and sharp for images. See docs/server.md.
import { main } from './cli.ts'

try {
  await main(process.argv.slice(2))
} catch (error) {
  // Start-up failures (an unreadable data directory, a database from a newer server) as one line.
  console.error(`The emulator server could not start: ${(error as Error).message}`)
  process.exit(1)
}
