// The zlib decoding the simulated engines read PNG pixels with (fflate), checked against Node's.
import { constants, deflateSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { inflate } from '../../src/testing/core/inflate.ts'
import { blankPng, createPng, isBlankPng } from '../../src/testing/index.ts'

/** Bytes that compress in every way: runs, repeats far apart, and noise. */
function sample(size: number, seed: number) {
  const out = new Uint8Array(size)
  let x = seed
  for (let i = 0; i < size; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    out[i] = i % 1000 < 300 ? 7 : i % 1000 < 600 ? (out[i - 300] ?? 0) : x >>> 24
  }
  return out
}

/** A PNG's IDAT deflated by zlib (the samples store theirs uncompressed). */
function compressedPng(png: Uint8Array, level: number) {
  const view = new DataView(png.buffer, png.byteOffset)
  const idatAt = 8 + 25
  const length = view.getUint32(idatAt)
  const raw = inflate(png.subarray(idatAt + 8, idatAt + 8 + length))
  const data = deflateSync(raw, { level })
  const out = new Uint8Array(idatAt + 12 + data.length + 12)
  out.set(png.subarray(0, idatAt))
  const outView = new DataView(out.buffer)
  outView.setUint32(idatAt, data.length)
  out.set([73, 68, 65, 84], idatAt + 4)
  out.set(data, idatAt + 8)
  out.set(png.subarray(-12), idatAt + 12 + data.length)
  return out
}

describe('inflate', () => {
  it.each([
    ['stored', 0, constants.Z_DEFAULT_STRATEGY],
    ['fixed codes', 6, constants.Z_FIXED],
    ['dynamic codes', 9, constants.Z_DEFAULT_STRATEGY],
    ['runs only', 6, constants.Z_RLE],
  ])('reads what zlib wrote (%s)', (_, level, strategy) => {
    for (const size of [0, 1, 1000, 70_000]) {
      const data = sample(size, size + level)
      expect(inflate(deflateSync(data, { level, strategy }))).toEqual(data)
    }
  })

  it('reads a stream given in several arrays, as a PNG splits it into IDAT chunks', () => {
    const data = sample(70_000, 3)
    const whole = deflateSync(data)
    const cuts = [0, 1, 5000, 5001, whole.length]
    expect(inflate(cuts.slice(1).map((end, i) => whole.subarray(cuts[i], end)))).toEqual(data)
  })

  it('stops at the limit, and refuses a broken stream', () => {
    const data = sample(50_000, 1)
    expect(inflate(deflateSync(data), 1234)).toEqual(data.subarray(0, 1234))
    const whole = deflateSync(data)
    expect(() => inflate(whole.subarray(0, whole.length >> 1))).toThrow(/unexpected EOF/)
    expect(() => inflate(new Uint8Array([1, 2, 3]))).toThrow(/zlib/)
  })
})

describe('isBlankPng', () => {
  it('decodes compressed PNGs too, with no DecompressionStream in the runtime', async () => {
    vi.stubGlobal('DecompressionStream', undefined)
    try {
      const marked = createPng(40, 30, (x, y) => (x === 39 && y === 29 ? [0, 0, 1] : [0, 0, 0]))
      for (const level of [1, 9]) {
        expect(await isBlankPng(compressedPng(blankPng(), level))).toBe(true)
        expect(await isBlankPng(compressedPng(marked, level))).toBe(false)
      }
      expect(await isBlankPng(blankPng())).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
