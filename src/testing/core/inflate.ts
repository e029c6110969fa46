// A zlib (RFC 1950/1951) decoder in plain code, after zlib's puff.c. The simulated engines
// decode PNG pixels with it: DecompressionStream is missing from some test environments
// (jest-fixed-jsdom) and jsdom's Blob has no stream() to feed it, and an engine that quietly
// gave up there would answer differently in a host's tests than in the browser.

const lengthBase = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
]
const lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
const distanceBase = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
]
const distanceExtra = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
]
const codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

/** A canonical Huffman code: how many codes of each length, and the symbols in code order. */
interface Code {
  counts: Uint16Array
  symbols: Uint16Array
}
function codeOf(lengths: ArrayLike<number>): Code {
  const counts = new Uint16Array(16)
  for (let s = 0; s < lengths.length; s++) counts[lengths[s]!]!++
  const offsets = new Uint16Array(16)
  for (let len = 1; len < 15; len++) offsets[len + 1] = offsets[len]! + counts[len]!
  const symbols = new Uint16Array(lengths.length)
  for (let s = 0; s < lengths.length; s++) if (lengths[s]) symbols[offsets[lengths[s]!]!++] = s
  return { counts, symbols }
}

let fixed: [Code, Code] | undefined
function fixedCodes(): [Code, Code] {
  if (!fixed) {
    const lengths = new Uint8Array(288)
    lengths.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280)
    fixed = [codeOf(lengths), codeOf(new Uint8Array(30).fill(5))]
  }
  return fixed
}

/**
 * The bytes a zlib stream holds, up to `limit` of them (decoding stops there: a caller that
 * needs only so many is not made to hold more). Throws on a stream that is not valid.
 */
export function inflate(input: Uint8Array, limit = Number.POSITIVE_INFINITY): Uint8Array {
  if (input.length < 2 || (input[0]! & 15) !== 8 || ((input[0]! << 8) | input[1]!) % 31 !== 0)
    throw new Error('Not a zlib stream.')
  if (input[1]! & 32) throw new Error('A zlib stream with a preset dictionary.')
  let at = 2
  let bitBuffer = 0
  let bitCount = 0
  const bits = (n: number) => {
    while (bitCount < n) {
      if (at >= input.length) throw new Error('The zlib stream ends early.')
      bitBuffer |= input[at++]! << bitCount
      bitCount += 8
    }
    const value = bitBuffer & ((1 << n) - 1)
    bitBuffer >>>= n
    bitCount -= n
    return value
  }
  const decode = ({ counts, symbols }: Code) => {
    let code = 0
    let first = 0
    let index = 0
    for (let len = 1; len < 16; len++) {
      code |= bits(1)
      const count = counts[len]!
      if (code - first < count) return symbols[index + code - first]!
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    throw new Error('A bad Huffman code in the zlib stream.')
  }

  let out = new Uint8Array(Math.min(limit, Math.max(1024, input.length * 4)))
  let size = 0
  const room = (n: number) => {
    if (size + n <= out.length) return
    const grown = new Uint8Array(Math.max(size + n, Math.min(limit, out.length * 2)))
    grown.set(out.subarray(0, size))
    out = grown
  }

  let last = 0
  while (!last && size < limit) {
    last = bits(1)
    const type = bits(2)
    if (type === 0) {
      bitBuffer = 0
      bitCount = 0
      if (at + 4 > input.length) throw new Error('The zlib stream ends early.')
      const length = input[at]! | (input[at + 1]! << 8)
      if ((length ^ (input[at + 2]! | (input[at + 3]! << 8))) !== 0xffff)
        throw new Error('A bad stored block length in the zlib stream.')
      at += 4
      if (at + length > input.length) throw new Error('The zlib stream ends early.')
      const n = Math.min(length, limit - size)
      room(n)
      out.set(input.subarray(at, at + n), size)
      size += n
      at += length
      continue
    }
    let lengthCode: Code
    let distanceCode: Code
    if (type === 1) [lengthCode, distanceCode] = fixedCodes()
    else if (type === 2) {
      const nLength = bits(5) + 257
      const nDistance = bits(5) + 1
      const nCodeLength = bits(4) + 4
      const codeLengths = new Uint8Array(19)
      for (let i = 0; i < nCodeLength; i++) codeLengths[codeLengthOrder[i]!] = bits(3)
      const codeLengthCode = codeOf(codeLengths)
      const lengths = new Uint8Array(nLength + nDistance)
      for (let i = 0; i < lengths.length; ) {
        const symbol = decode(codeLengthCode)
        if (symbol < 16) {
          lengths[i++] = symbol
          continue
        }
        if (symbol === 16 && i === 0) throw new Error('A bad code length repeat in the zlib stream.')
        const value = symbol === 16 ? lengths[i - 1]! : 0
        const repeat = symbol === 16 ? 3 + bits(2) : symbol === 17 ? 3 + bits(3) : 11 + bits(7)
        if (i + repeat > lengths.length) throw new Error('A bad code length repeat in the zlib stream.')
        lengths.fill(value, i, i + repeat)
        i += repeat
      }
      lengthCode = codeOf(lengths.subarray(0, nLength))
      distanceCode = codeOf(lengths.subarray(nLength))
    } else throw new Error('A bad block type in the zlib stream.')
    for (;;) {
      const symbol = decode(lengthCode)
      if (symbol === 256) break
      if (symbol < 256) {
        room(1)
        out[size++] = symbol
      } else {
        const l = symbol - 257
        if (l >= 29) throw new Error('A bad length in the zlib stream.')
        const length = lengthBase[l]! + bits(lengthExtra[l]!)
        const d = decode(distanceCode)
        if (d >= 30) throw new Error('A bad distance in the zlib stream.')
        const distance = distanceBase[d]! + bits(distanceExtra[d]!)
        if (distance > size) throw new Error('A distance too far back in the zlib stream.')
        room(length)
        for (let i = 0; i < length; i++, size++) out[size] = out[size - distance]!
      }
      if (size >= limit) break
    }
  }
  return out.subarray(0, Math.min(size, limit))
}
