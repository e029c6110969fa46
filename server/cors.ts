// The headers the emulator puts on every answer (src/testing): the server's own answers, before
// or around the emulator (413 for an upload over the limit, 500 for a crash, a request Node
// refuses unread), carry the same ones.
export { answerHeaders } from '../src/testing/core/answerHeaders.ts'
