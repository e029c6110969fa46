// remove_bg without a model: the background is what a flood fill reaches from the border pixels
// of the dominant border colour, stepping only between similar neighbours (so a smooth
// gradient is followed, an edge stops it, and the same colour inside the subject stays).
import type { RecipeOperation } from '../../src/recipe/index.ts'
import { ProcessingError } from '../../src/testing/index.ts'
import { decode, open, type RawImage, step, withAlpha } from './raw.ts'

/** Colour distance (sum over RGB) from the dominant border colour for a border pixel to seed the fill. */
const seedTolerance = 60
/** Largest colour distance between neighbours that the fill steps across. */
const stepTolerance = 24

/** The most common border colour, quantised to 16 levels per channel. */
function borderColour({ data, width, height }: RawImage): [number, number, number] {
  const counts = new Map<number, { n: number; rgb: [number, number, number] }>()
  const visit = (x: number, y: number) => {
    const i = (y * width + x) * 4
    const rgb: [number, number, number] = [data[i]!, data[i + 1]!, data[i + 2]!]
    const key = ((rgb[0] >> 4) << 8) | ((rgb[1] >> 4) << 4) | (rgb[2] >> 4)
    const entry = counts.get(key) ?? { n: 0, rgb }
    entry.n++
    counts.set(key, entry)
  }
  for (let x = 0; x < width; x++) {
    visit(x, 0)
    visit(x, height - 1)
  }
  for (let y = 0; y < height; y++) {
    visit(0, y)
    visit(width - 1, y)
  }
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]!.rgb
}

/** Clears (alpha 0) the background reached from the border; returns how many pixels stay. */
function clearBackground(image: RawImage): number {
  const { data, width, height } = image
  const [r, g, b] = borderColour(image)
  const distance = (p: number, q: number) =>
    Math.abs(data[p * 4]! - data[q * 4]!) +
    Math.abs(data[p * 4 + 1]! - data[q * 4 + 1]!) +
    Math.abs(data[p * 4 + 2]! - data[q * 4 + 2]!)
  const seen = new Uint8Array(width * height)
  const stack: number[] = []
  const seed = (p: number) => {
    const d = Math.abs(data[p * 4]! - r) + Math.abs(data[p * 4 + 1]! - g) + Math.abs(data[p * 4 + 2]! - b)
    if (!seen[p] && d < seedTolerance) {
      seen[p] = 1
      stack.push(p)
    }
  }
  for (let x = 0; x < width; x++) {
    seed(x)
    seed((height - 1) * width + x)
  }
  for (let y = 0; y < height; y++) {
    seed(y * width)
    seed(y * width + width - 1)
  }
  let cleared = 0
  const spread = (from: number, p: number) => {
    if (!seen[p] && distance(from, p) < stepTolerance) {
      seen[p] = 1
      stack.push(p)
    }
  }
  while (stack.length) {
    const p = stack.pop()!
    cleared++
    const x = p % width
    if (x > 0) spread(p, p - 1)
    if (x < width - 1) spread(p, p + 1)
    if (p >= width) spread(p, p - width)
    if (p < width * (height - 1)) spread(p, p + width)
  }
  // Cleared only now: the fill compares colours, and alpha is not one of them.
  for (let p = 0; p < width * height; p++) if (seen[p]) data[p * 4 + 3] = 0
  return width * height - cleared
}

/** The smallest box holding every pixel that is not fully transparent. */
function opaqueBounds({ data, width, height }: RawImage) {
  let [left, top, right, bottom] = [width, height, -1, -1]
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue
      left = Math.min(left, x)
      right = Math.max(right, x)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y)
    }
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 }
}

const boolParam = (value: string | undefined) => value === 'true'

/** The subject on a transparent background, as PNG (or its mask with `channels/alpha`). */
export async function removeBackground(input: Uint8Array, params: readonly RecipeOperation[]) {
  const param = (name: string) => params.findLast((op) => op.name === name)?.args[0]
  if (boolParam(param('add_shadow'))) throw new ProcessingError('add_shadow is not available on this server.')
  for (const name of ['scale', 'roi']) {
    if (param(name) !== undefined) throw new ProcessingError(`${name} is not available on this server.`)
  }
  const position = param('position')
  if (position !== undefined && position !== 'original')
    throw new ProcessingError('position other than original is not available on this server.')
  // type, type_level and semitransparency steer the service's model; a border flood fill has
  // no types and makes a hard mask, which is a valid answer to any of them.

  let image = await withAlpha(await decode(input, true))
  image = { ...image, data: Buffer.from(image.data) }
  if (clearBackground(image) === 0) throw new ProcessingError('No foreground found: the image is one colour.')

  if (boolParam(param('crop'))) {
    const box = opaqueBounds(image)
    const margin = param('crop_margin') ?? '0'
    const pad = margin.endsWith('%')
      ? Math.round((Math.max(box.width, box.height) * Number.parseFloat(margin)) / 100)
      : Math.round(Number.parseFloat(margin))
    const clear = { r: 0, g: 0, b: 0, alpha: 0 }
    image = await step(image, (p) =>
      p.extract(box).extend({ top: pad, bottom: pad, left: pad, right: pad, background: clear }),
    )
  }
  const pipeline =
    param('channels') === 'alpha' ? open(image).extractChannel('alpha').png() : open(image).png()
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height }
}
