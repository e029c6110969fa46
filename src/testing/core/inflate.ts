// zlib (RFC 1950) through fflate, in plain JavaScript: the simulated engines decode PNG pixels
// with it. DecompressionStream is missing from some test environments (jest-fixed-jsdom) and
// jsdom's Blob has no stream() to feed it, and an engine that quietly gave up there would
// answer differently in a host's tests than in the browser.
import { Unzlib } from 'fflate'

/**
 * The data of a zlib stream (in one array, or in several in order, as a PNG's IDAT chunks), up
 * to `limit` bytes: the input is fed in small pieces and decoding stops once `limit` is reached,
 * so a stream that inflates far past what an image needs (a "zip bomb" upload) costs at most one
 * piece's worth more. Throws on a malformed stream.
 */
export function inflate(
  input: Uint8Array | readonly Uint8Array[],
  limit = Number.POSITIVE_INFINITY,
): Uint8Array {
  const piece = 4096
  const pieces: Uint8Array[] = []
  for (const part of input instanceof Uint8Array ? [input] : input)
    for (let at = 0; at < part.length; at += piece) pieces.push(part.subarray(at, at + piece))
  const chunks: Uint8Array[] = []
  let size = 0
  const stream = new Unzlib((chunk) => {
    chunks.push(chunk)
    size += chunk.length
  })
  for (const [i, bytes] of pieces.entries()) {
    if (size >= limit) break
    stream.push(bytes, i === pieces.length - 1)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return size > limit ? out.subarray(0, limit) : out
}
