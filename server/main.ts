// `npm run server -- --port 4010 --data .filekit-data`: the emulator over HTTP with SQLite
// storage, blobs on disk and sharp for images. See docs/server.md.
import { main } from './cli.ts'

await main(process.argv.slice(2))
