// A recipe's image operations applied with sharp, in the order written (spec/UPSTREAM.md §1).
import type { RecipeOperation } from '../../src/recipe/index.ts'
import { ProcessingError } from '../../src/testing/index.ts'
import * as adjust from './adjust.ts'
import { readColor } from './geometry.ts'
import { decode, open, type RawImage, step } from './raw.ts'
import { preview, resize, scaleCrop, smartResize } from './resize.ts'
import { defaultSettings, type Format, type Settings, writableFormats } from './settings.ts'
import * as shapes from './shapes.ts'

type PixelOperation = (
  image: RawImage,
  args: readonly string[],
  settings: Settings,
) => RawImage | Promise<RawImage>

const pixelOperations: Record<string, PixelOperation> = {
  preview,
  resize,
  scale_crop: scaleCrop,
  smart_resize: smartResize,
  crop: shapes.crop,
  trim: shapes.trim,
  border_radius: shapes.borderRadius,
  rect: shapes.rect,
  blur_region: shapes.blurRegion,
  // The CDN rotates counter-clockwise; sharp clockwise.
  rotate: (image, args) => step(image, (p) => p.rotate(-Number(args[0] ?? 0))),
  flip: (image) => step(image, (p) => p.flip()),
  mirror: (image) => step(image, (p) => p.flop()),
  brightness: adjust.brightness,
  exposure: adjust.exposure,
  gamma: adjust.gamma,
  contrast: adjust.contrast,
  saturation: adjust.saturation,
  vibrance: adjust.vibrance,
  warmth: adjust.warmth,
  enhance: adjust.enhance,
  grayscale: adjust.grayscale,
  invert: adjust.invert,
  blur: adjust.blur,
  sharp: adjust.sharpen,
}

const quality: Record<string, number> = {
  lightest: 40,
  lighter: 55,
  normal: 75,
  better: 85,
  best: 95,
  smart: 80,
  smart_retina: 70,
}

/** Operations that set how the output is written rather than change pixels. */
const settingOperations: Record<string, (args: readonly string[], settings: Settings) => void> = {
  format: ([f], s) => {
    s.format = f === 'jpeg' ? 'jpg' : f
  },
  quality: ([q], s) => {
    s.quality = quality[q ?? '']
  },
  progressive: ([v], s) => {
    s.progressive = v === 'yes'
  },
  setfill: ([color], s) => {
    s.fill = readColor(color ?? '')
  },
  stretch: ([mode], s) => {
    s.stretch = mode === 'off' || mode === 'fill' ? mode : 'on'
  },
  strip_meta: ([mode]) => {
    // Decoding to pixels drops every tag, so only `all` (the default) can be honoured.
    if (mode !== 'all')
      throw new ProcessingError(`strip_meta/${mode}: this server always strips all metadata.`)
  },
  srgb: ([mode]) => {
    // The output is always converted to sRGB without a profile: what fast and icc end in.
    if (mode === 'keep_profile')
      throw new ProcessingError('srgb/keep_profile: this server does not keep colour profiles.')
  },
  max_icc_size: () => {}, // no profile is ever kept, whatever its size
  autorotate: () => {}, // read before decoding
  rasterize: () => {}, // SVG is rasterised when decoded
  inline: () => {}, // a response header on the CDN; the bytes are the same
}

/** Why an operation that the grammar allows cannot be performed here. */
const text = 'text overlays are not implemented'
const unsupported: Record<string, string> = {
  zoom_objects: 'it needs object detection',
  filter: 'the named filters are the CDN’s own',
  overlay: 'overlays of files are not implemented',
  text,
  font: text,
  text_align: text,
  text_box: text,
  main_colors: 'it answers JSON, not an image',
}

export interface EncodedImage {
  data: Uint8Array
  mime: string
  width: number
  height: number
  format: Format
}

const mimeOf: Record<Format, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  webp: 'image/webp',
}

/** `preserve` (and `auto`, having no browser to ask): PNG and JPEG stay, others become PNG with alpha, else JPEG. */
function outputFormat(asked: string | undefined, source: Format | null, image: RawImage): Format {
  if (asked && asked !== 'auto' && asked !== 'preserve') {
    if (!writableFormats.includes(asked as Format))
      throw new ProcessingError(`This server cannot write ${asked}.`)
    return asked as Format
  }
  if (!asked && source) return source
  if (source === 'png' || source === 'jpg') return source
  return image.channels === 4 ? 'png' : 'jpg'
}

/** The largest output side: 3000, or 5000 with an explicit `format/jpeg` (spec/UPSTREAM.md §1a). */
const outputLimit = (settings: Settings) => (settings.format === 'jpg' ? 5000 : 3000)

/** Applies `operations` to an encoded image; `source` is its format when sharp can write it. */
export async function applyImageOperations(
  input: Uint8Array,
  operations: readonly RecipeOperation[],
  source: Format | null,
): Promise<EncodedImage> {
  const settings = defaultSettings()
  const autorotate = operations.findLast((op) => op.name === 'autorotate')?.args[0] !== 'no'
  let image = await decode(input, autorotate)
  for (const { name, args } of operations) {
    const pixels = pixelOperations[name]
    const setting = settingOperations[name]
    if (pixels) image = await pixels(image, args, settings)
    else if (setting) setting(args, settings)
    else {
      const why = unsupported[name]
      throw new ProcessingError(
        `The "${name}" operation is not available on this server${why ? `: ${why}` : ''}.`,
      )
    }
  }

  const limit = outputLimit(settings)
  if (image.width > limit || image.height > limit) {
    if (settings.explicitSize) {
      throw new ProcessingError(
        `The result would be ${image.width}×${image.height}; the limit is ${limit}×${limit}.`,
      )
    }
    image = await step(image, (p) => p.resize({ width: limit, height: limit, fit: 'inside' }))
  }

  const format = outputFormat(settings.format, source, image)
  const { quality: q, progressive } = settings
  let out = open(image)
  if (format === 'jpg')
    out = out.flatten({ background: settings.fill }).jpeg({ quality: q, progressive, mozjpeg: true })
  else if (format === 'png') out = out.png()
  else if (format === 'webp') out = out.webp({ quality: q })
  else if (format === 'avif') out = out.avif({ quality: q, effort: 0 })
  else if (format === 'gif') out = out.gif()
  else out = out.tiff({ quality: q })
  const { data, info } = await out.toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), mime: mimeOf[format], width: info.width, height: info.height, format }
}
