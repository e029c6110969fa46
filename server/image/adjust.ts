// Colour and definition operations (spec/UPSTREAM.md §1c), as pixel maps or sharp steps.
// The CDN's exact curves are not published; these follow the documented ranges and neutral
// values, so the direction and strength of a change match and the neutral value is a no-op.
import { blend, mapChannels, mapPixels, type RawImage, step } from './raw.ts'

const value = (args: readonly string[], neutral: number) =>
  args[0] === undefined ? neutral : Number(args[0])

/** −100..100: adds up to ±255 to each channel. */
export const brightness = (image: RawImage, args: readonly string[]) => {
  const v = value(args, 0) * 2.55
  return mapChannels(image, (c) => c + v)
}

/** −500..500: multiplies light by 2^(v/100) (±5 stops). */
export const exposure = (image: RawImage, args: readonly string[]) => {
  const k = 2 ** (value(args, 0) / 100)
  return mapChannels(image, (c) => c * k)
}

/** 0..1000, 100 neutral: higher brightens the mid-tones. */
export const gamma = (image: RawImage, args: readonly string[]) => {
  const g = Math.max(1, value(args, 100)) / 100
  return mapChannels(image, (c) => 255 * (c / 255) ** (1 / g))
}

/** −100..500: stretches (or flattens) around mid-grey. */
export const contrast = (image: RawImage, args: readonly string[]) => {
  const k = 1 + value(args, 0) / 100
  return mapChannels(image, (c) => 128 + (c - 128) * k)
}

/** −100..500: −100 is grey. */
export const saturation = (image: RawImage, args: readonly string[]) =>
  step(image, (p) => p.modulate({ saturation: 1 + value(args, 0) / 100 }))

/** −100..500: like saturation, but strongest on the least saturated colours. */
export const vibrance = (image: RawImage, args: readonly string[]) => {
  const v = value(args, 0) / 100
  return mapPixels(image, (r, g, b) => {
    const max = Math.max(r, g, b)
    const k = 1 + v * (1 - (max - Math.min(r, g, b)) / 255)
    const grey = (r + g + b) / 3
    return [grey + (r - grey) * k, grey + (g - grey) * k, grey + (b - grey) * k]
  })
}

/** −100..100: positive warms (more red, less blue), negative cools. */
export const warmth = (image: RawImage, args: readonly string[]) => {
  const k = value(args, 0) / 400
  return mapPixels(image, (r, g, b) => [r * (1 + k), g, b * (1 - k)])
}

/** `enhance[/0..100]`: auto levels, blended in by strength (50 by default). */
export const enhance = async (image: RawImage, args: readonly string[]) =>
  blend(image, await step(image, (p) => p.normalise({ lower: 1, upper: 99 })), value(args, 50) / 100)

export const grayscale = (image: RawImage) => step(image, (p) => p.grayscale())
export const invert = (image: RawImage) => step(image, (p) => p.negate({ alpha: false }))

/** Gaussian blur of σ = strength/10; large σ blurs a smaller copy and scales it back, to stay fast. */
export async function gaussian(image: RawImage, strength: number): Promise<RawImage> {
  const sigma = strength / 10
  if (sigma < 0.3) return image
  if (sigma <= 20) return step(image, (p) => p.blur(sigma))
  const k = 20 / sigma
  const small = await step(image, (p) =>
    p.resize({
      width: Math.max(1, Math.round(image.width * k)),
      height: Math.max(1, Math.round(image.height * k)),
      fit: 'fill',
    }),
  )
  const blurred = await step(small, (p) => p.blur(Math.max(0.3, sigma * k)))
  return step(blurred, (p) => p.resize({ width: image.width, height: image.height, fit: 'fill' }))
}

/** `blur[/strength][/amount]`: strength 0..5000 (10 by default); amount ≠ 100 is the unsharp mask (negative sharpens). */
export async function blur(image: RawImage, args: readonly string[]) {
  const blurred = await gaussian(image, value(args, 10))
  const amount = args[1] === undefined ? 100 : Number(args[1])
  return amount === 100 ? blurred : blend(image, blurred, amount / 100)
}

/** `sharp[/0..20]` (5 by default). */
export function sharpen(image: RawImage, args: readonly string[]) {
  const s = value(args, 5)
  return s === 0 ? image : step(image, (p) => p.sharpen({ sigma: 0.3 + s * 0.15 }))
}
