// Decoded pixels between operations. Each recipe operation runs as its own sharp pipeline over
// raw pixels, because sharp orders the steps of one pipeline itself (resize before rotate…)
// while a recipe is applied in the order written, and raw steps lose nothing in between.
import sharp, { type Sharp } from 'sharp'
import { ProcessingError } from '../../src/testing/index.ts'
import { decodeBmp, isBmp } from './bmp.ts'

/** 8-bit sRGB pixels: 3 channels, or 4 with alpha. */
export interface RawImage {
  data: Buffer
  width: number
  height: number
  channels: 3 | 4
}

/** Largest input decoded, in pixels (a decompression bomb stops here). */
export const maxInputPixels = 100_000_000
/** Largest side any single operation may produce (memory stays bounded mid-recipe). */
export const maxWorkingSide = 5000

/** Grey (1 channel) or grey with alpha (2) as RGB(A). */
function expandGrey(data: Buffer, channels: 1 | 2): Buffer {
  const pixels = data.length / channels
  const out = Buffer.alloc(pixels * (channels + 2))
  for (let p = 0; p < pixels; p++) {
    const v = data[p * channels]!
    const o = p * (channels + 2)
    out[o] = v
    out[o + 1] = v
    out[o + 2] = v
    if (channels === 2) out[o + 3] = data[p * 2 + 1]!
  }
  return out
}

const fromSharp = async (pipeline: Sharp): Promise<RawImage> => {
  const { data, info } = await pipeline.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  if (channels === 3 || channels === 4) return { data, width, height, channels }
  if (channels === 1 || channels === 2)
    return { data: expandGrey(data, channels), width, height, channels: channels === 1 ? 3 : 4 }
  throw new ProcessingError(`Unexpected ${channels}-channel image.`)
}

/** Decodes an image (first frame of an animation), EXIF-rotated unless `autorotate` is false. */
export async function decode(input: Uint8Array, autorotate: boolean): Promise<RawImage> {
  // sharp reads no BMP; it carries no EXIF orientation either.
  if (isBmp(input)) return decodeBmp(input, maxInputPixels)
  const pipeline = sharp(input, { failOn: 'error', limitInputPixels: maxInputPixels })
  return fromSharp(autorotate ? pipeline.rotate() : pipeline)
}

/** Opens raw pixels as a sharp pipeline. */
export const open = (image: RawImage): Sharp =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })

/** Runs one sharp step over raw pixels. */
export function step(image: RawImage, fn: (pipeline: Sharp) => Sharp): Promise<RawImage> {
  return fromSharp(fn(open(image)))
}

/** Same image with an alpha channel (opaque where there was none). */
export async function withAlpha(image: RawImage): Promise<RawImage> {
  return image.channels === 4 ? image : step(image, (p) => p.ensureAlpha())
}

/** Refuses a size one operation should not produce. */
export function checkSide(width: number, height: number, op: string) {
  if (width > maxWorkingSide || height > maxWorkingSide) {
    throw new ProcessingError(
      `${op} would make a ${width}×${height} image; the largest side this server works with is ${maxWorkingSide}.`,
    )
  }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v))

/** `a + (b - a) × factor` per colour channel (factor may leave 0..1: 2 pushes past b, -1 away from it). */
export function blend(a: RawImage, b: RawImage, factor: number): RawImage {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) {
    throw new Error('blend needs images of one shape')
  }
  const out = Buffer.from(a.data)
  for (let i = 0; i < out.length; i++) {
    if (a.channels === 4 && i % 4 === 3) continue // alpha stays
    out[i] = clamp(a.data[i]! + (b.data[i]! - a.data[i]!) * factor)
  }
  return { ...a, data: out }
}

/** Maps each pixel's colour (alpha kept). */
export function mapPixels(
  image: RawImage,
  fn: (r: number, g: number, b: number) => [number, number, number],
): RawImage {
  const out = Buffer.from(image.data)
  for (let i = 0; i < out.length; i += image.channels) {
    const [r, g, b] = fn(out[i]!, out[i + 1]!, out[i + 2]!)
    out[i] = clamp(r)
    out[i + 1] = clamp(g)
    out[i + 2] = clamp(b)
  }
  return { ...image, data: out }
}

/** Maps each colour channel through a 256-entry table. */
export function mapChannels(image: RawImage, fn: (value: number) => number): RawImage {
  const table = Uint8Array.from({ length: 256 }, (_, v) => clamp(fn(v)))
  const out = Buffer.from(image.data)
  const alpha = image.channels === 4
  for (let i = 0; i < out.length; i++) {
    if (alpha && (i & 3) === 3) continue
    out[i] = table[out[i]!]!
  }
  return { ...image, data: out }
}
