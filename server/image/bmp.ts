// BMP input (UPSTREAM §1a lists it; libvips, and so sharp, reads none): uncompressed BMPs
// decoded here into the raw pixels the pipeline works on. 1, 4 and 8 bits with a palette, 16
// and 32 bits with the default or given bit masks (BI_BITFIELDS), 24 bits; OS/2 (12-byte) and
// Windows (40 to 124-byte) headers, bottom-up or top-down. RLE and embedded JPEG/PNG are refused.
import { ProcessingError } from '../../src/testing/index.ts'
import type { RawImage } from './raw.ts'

const u16 = (d: Uint8Array, at: number) => d[at]! | (d[at + 1]! << 8)
const u32 = (d: Uint8Array, at: number) =>
  (d[at]! | (d[at + 1]! << 8) | (d[at + 2]! << 16) | (d[at + 3]! << 24)) >>> 0

export const isBmp = (d: Uint8Array) => d[0] === 0x42 && d[1] === 0x4d

/** A mask's channel value scaled to 0..255 (a missing mask reads as `fallback`). */
function channel(pixel: number, mask: number, fallback: number) {
  if (!mask) return fallback
  const shift = 31 - Math.clz32(mask & -mask)
  const max = mask >>> shift
  return Math.round((((pixel & mask) >>> shift) * 255) / max)
}

/**
 * The most pixels a BMP may have here, whatever `maxPixels` allows: it is decoded in JavaScript
 * on the server's one thread (about 10 ms a megapixel), and a 1-bit BMP of 100 Mpx is 12.5 MB,
 * an upload anyone can make, which held every other request for seconds.
 */
export const maxBmpPixels = 4096 * 4096

/** Decodes an uncompressed BMP; `maxPixels` (at most {@link maxBmpPixels}) bounds what is allocated. */
export function decodeBmp(d: Uint8Array, maxPixels: number): RawImage {
  maxPixels = Math.min(maxPixels, maxBmpPixels)
  const cut = () => new ProcessingError('The BMP is cut short or its header is broken.')
  if (d.length < 26) throw cut()
  const header = u32(d, 14)
  const core = header === 12
  if (!core && header < 40) throw cut()
  const width = core ? u16(d, 18) : u32(d, 18) | 0
  const rawHeight = core ? u16(d, 20) : u32(d, 22) | 0
  const height = Math.abs(rawHeight)
  const bits = core ? u16(d, 24) : u16(d, 28)
  const compression = core ? 0 : u32(d, 30)
  if (width <= 0 || height <= 0) throw cut()
  if (width * height > maxPixels)
    throw new ProcessingError(
      `The image is ${width}×${height}; this server reads at most ${maxPixels} pixels.`,
    )
  // 0: BI_RGB; 3: BI_BITFIELDS; 6: BI_ALPHABITFIELDS.
  if (
    ![0, 3, 6].includes(compression) ||
    ((compression === 3 || compression === 6) && bits !== 16 && bits !== 32)
  )
    throw new ProcessingError(
      `This server reads uncompressed BMPs only (this one has compression ${compression}).`,
    )
  if (![1, 4, 8, 16, 24, 32].includes(bits)) throw new ProcessingError(`A ${bits}-bit BMP is not supported.`)

  // Bit masks: after a 40-byte header for BI_BITFIELDS, inside a longer one; defaults otherwise.
  let masks = bits === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0]
  if (compression === 3 || compression === 6) {
    const at = 14 + 40
    if (d.length < at + 12) throw cut()
    masks = [
      u32(d, at),
      u32(d, at + 4),
      u32(d, at + 8),
      header >= 56 || compression === 6 ? u32(d, at + 12) : 0,
    ]
  } else if (header >= 56 && bits === 32) {
    masks = [masks[0]!, masks[1]!, masks[2]!, u32(d, 14 + 52)]
  }
  const alpha = masks[3] !== 0

  // The palette: after the header, 3 bytes an entry (OS/2) or 4 (BGR0), kept as RGB triples.
  let palette = new Uint8Array(0)
  if (bits <= 8) {
    const entry = core ? 3 : 4
    const at = 14 + header
    // As many entries as it says (none said: as many as fit before the pixels, up to 2^bits).
    const count = Math.min((!core && u32(d, 46)) || Math.floor((u32(d, 10) - at) / entry), 1 << bits)
    if (count < 0 || d.length < at + count * entry) throw cut()
    palette = new Uint8Array(3 << bits) // an index past the entries reads black
    for (let i = 0; i < count; i++)
      palette.set([d[at + i * entry + 2]!, d[at + i * entry + 1]!, d[at + i * entry]!], i * 3)
  }

  const channels = alpha ? 4 : 3
  const offset = u32(d, 10)
  const stride = Math.ceil((bits * width) / 32) * 4
  // Checked before anything is allocated.
  if (offset + stride * height > d.length) throw cut()
  const out = Buffer.alloc(width * height * channels)
  // Bytes written straight into `out`: no array per pixel.
  const mask = (1 << bits) - 1
  for (let y = 0; y < height; y++) {
    // Bottom-up unless the height is negative.
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride
    let o = y * width * channels
    for (let x = 0; x < width; x++, o += channels) {
      if (bits <= 8) {
        const bit = x * bits
        const p = ((d[row + (bit >> 3)]! >> (8 - bits - (bit & 7))) & mask) * 3
        out[o] = palette[p]!
        out[o + 1] = palette[p + 1]!
        out[o + 2] = palette[p + 2]!
        if (alpha) out[o + 3] = 255
      } else if (bits === 24) {
        const at = row + x * 3
        out[o] = d[at + 2]!
        out[o + 1] = d[at + 1]!
        out[o + 2] = d[at]!
        if (alpha) out[o + 3] = 255
      } else {
        const pixel = bits === 16 ? u16(d, row + x * 2) : u32(d, row + x * 4)
        out[o] = channel(pixel, masks[0]!, 0)
        out[o + 1] = channel(pixel, masks[1]!, 0)
        out[o + 2] = channel(pixel, masks[2]!, 0)
        if (alpha) out[o + 3] = channel(pixel, masks[3]!, 255)
      }
    }
  }
  return { data: out, width, height, channels }
}
