import sharp, { type Sharp } from 'sharp'
import {
  type ConvertOutput,
  createSimulatedEngines,
  type EmulatorEngines,
  ProcessingError,
} from '../src/testing/index.ts'

// Formats sharp really writes. The contract also lists bmp, ico, pcx, ps, svg, tga, thumbnail
// and wbmp; those are not offered rather than faked.
const writable = ['avif', 'gif', 'jpg', 'png', 'tiff', 'webp'] as const
type Format = (typeof writable)[number]
const mimeOf: Record<Format, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  webp: 'image/webp',
}
const qualityOf: Record<string, number> = {
  lightest: 40,
  lighter: 55,
  normal: 75,
  better: 85,
  best: 95,
  smart: 80,
  smart_retina: 70,
}
const MAX = 3000

/** `/-/op/a/b/-/op2/` → [['op','a','b'], ['op2']] */
function operations(recipe: string): string[][] {
  return recipe
    .replace(/^\/?-\//, '/')
    .split('/-/')
    .map((s) => s.split('/').filter(Boolean))
    .filter((parts) => parts.length > 0)
}

const int = (value: string | undefined) => (value ? Number.parseInt(value, 10) : undefined)
function size(arg: string | undefined): { width?: number; height?: number } {
  const m = /^(\d*)x(\d*)$/.exec(arg ?? '')
  if (!m) throw new ProcessingError(`Unreadable size "${arg}".`)
  return { width: int(m[1]) || undefined, height: int(m[2]) || undefined }
}
const hex = (value: string | undefined) => (value && /^[0-9a-f]{6}$/i.test(value) ? `#${value}` : undefined)

/** Applies image URL operations with sharp; returns the encoded bytes. */
export async function applyImageOperations(input: Uint8Array, recipe: string, fallback: Format) {
  let image: Sharp = sharp(input, { failOn: 'error' }).rotate() // autorotate by EXIF, like the CDN
  let format: Format = fallback
  let quality: number | undefined
  let progressive = false
  let fill = '#ffffff'
  for (const [op, ...args] of operations(recipe)) {
    switch (op) {
      case 'format': {
        const f = args[0] === 'jpeg' ? 'jpg' : args[0]
        if (f === 'auto' || f === 'preserve')
          format = fallback === 'png' || fallback === 'jpg' ? fallback : 'png'
        else if ((writable as readonly string[]).includes(f ?? '')) format = f as Format
        else throw new ProcessingError(`This server cannot write ${args[0]}.`)
        break
      }
      case 'quality':
        quality = qualityOf[args[0] ?? ''] ?? quality
        break
      case 'progressive':
        progressive = args[0] === 'yes'
        break
      case 'strip_meta':
      case 'autorotate':
      case 'srgb':
      case 'inline':
        break // sharp strips metadata and autorotated above; nothing further to do
      case 'preview':
        image = sharp(await image.toBuffer()).resize({
          ...(args[0] ? size(args[0]) : { width: 2048, height: 2048 }),
          fit: 'inside',
          withoutEnlargement: true,
        })
        break
      case 'resize': {
        // Both sides may distort (as on the CDN); one side keeps the ratio.
        const box = size(args[0])
        image = sharp(await image.toBuffer()).resize({
          ...box,
          fit: box.width && box.height ? 'fill' : 'inside',
        })
        break
      }
      case 'scale_crop':
      case 'smart_resize':
        image = sharp(await image.toBuffer()).resize({ ...size(args[0]), fit: 'cover', position: 'centre' })
        break
      case 'crop': {
        const { width, height } = size(args[0])
        const meta = await sharp(await image.toBuffer()).metadata()
        const w = Math.min(width ?? meta.width, meta.width)
        const h = Math.min(height ?? meta.height, meta.height)
        image = sharp(await image.toBuffer()).extract({
          left: Math.floor((meta.width - w) / 2),
          top: Math.floor((meta.height - h) / 2),
          width: w,
          height: h,
        })
        break
      }
      case 'rotate': {
        const angle = int(args[0]) ?? 0
        if (angle % 90 !== 0) throw new ProcessingError('rotate takes a multiple of 90.')
        image = sharp(await image.toBuffer()).rotate(-angle) // the CDN rotates counter-clockwise
        break
      }
      case 'flip':
        image = image.flip()
        break
      case 'mirror':
        image = image.flop()
        break
      case 'grayscale':
        image = image.grayscale()
        break
      case 'invert':
        image = image.negate({ alpha: false })
        break
      case 'blur':
        image = image.blur(Math.max(0.3, (int(args[0]) ?? 10) / 10))
        break
      case 'sharp':
        image = image.sharpen({ sigma: Math.max(0.5, (int(args[0]) ?? 5) / 4) })
        break
      case 'brightness':
        image = image.modulate({ brightness: 1 + (int(args[0]) ?? 0) / 100 })
        break
      case 'saturation':
        image = image.modulate({ saturation: 1 + (int(args[0]) ?? 0) / 100 })
        break
      case 'setfill':
        fill = hex(args[0]) ?? fill
        break
      default:
        throw new ProcessingError(`The "${op}" operation is not supported by this server.`)
    }
  }
  let out = sharp(await image.toBuffer())
  const meta = await out.metadata()
  if (meta.width > MAX || meta.height > MAX) out = out.resize({ width: MAX, height: MAX, fit: 'inside' })
  if (format === 'jpg') out = out.flatten({ background: fill }).jpeg({ quality, progressive, mozjpeg: true })
  else if (format === 'png') out = out.png({ progressive })
  else if (format === 'webp') out = out.webp({ quality })
  else if (format === 'avif') out = out.avif({ quality, effort: 0 })
  else if (format === 'gif') out = out.gif()
  else out = out.tiff({ quality })
  const { data, info } = await out.toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), mime: mimeOf[format], width: info.width, height: info.height, format }
}

/** Background removal, simply: a uniform image has no foreground; otherwise the border colour goes transparent. */
async function removeBackground(input: Uint8Array) {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const stats = await sharp(input).stats()
  if (stats.channels.slice(0, 3).every((c) => c.stdev < 1)) {
    throw new ProcessingError('No foreground found: the image is blank.')
  }
  const at = (x: number, y: number) => (y * info.width + x) * 4
  const corner = [data[0]!, data[1]!, data[2]!]
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = at(x, y)
      const d =
        Math.abs(data[i]! - corner[0]!) +
        Math.abs(data[i + 1]! - corner[1]!) +
        Math.abs(data[i + 2]! - corner[2]!)
      if (d < 48) data[i + 3] = 0
    }
  }
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer()
  return { data: new Uint8Array(png), width: info.width, height: info.height }
}

const formatOf = (mime: string | null): Format => {
  const sub = mime?.split('/')[1]
  return sub === 'jpeg'
    ? 'jpg'
    : (writable as readonly string[]).includes(sub ?? '')
      ? (sub as Format)
      : 'png'
}
const rename = (name: string | null, ext: string) => `${(name ?? 'file').replace(/\.[^.]*$/, '')}.${ext}`

/** Engines with real image processing (sharp); actions, video and documents stay simulated. */
export function createSharpEngines(): EmulatorEngines {
  const simulated = createSimulatedEngines()
  return {
    ...simulated,
    async probe(data, declaredType, name) {
      const probe = await simulated.probe(data, declaredType, name)
      if (probe.isImage) return probe
      try {
        const meta = await sharp(data).metadata()
        const format = meta.format === 'jpeg' ? 'jpg' : meta.format
        const mime = (mimeOf as Record<string, string>)[format] ?? (format === 'heif' ? 'image/heif' : null)
        if (mime && meta.width && meta.height) {
          return {
            mime,
            isImage: true,
            image: { width: meta.width, height: meta.height, format: meta.format.toUpperCase() },
          }
        }
      } catch {}
      return probe
    },
    imageFormats: () => [...writable],
    async convert(kind, file, data, recipe): Promise<ConvertOutput> {
      if (kind !== 'image' && kind !== 'remove_bg') return simulated.convert(kind, file, data, recipe)
      if (!data) throw new ProcessingError('The source file has no content.')
      try {
        if (kind === 'remove_bg') {
          const out = await removeBackground(data)
          return {
            data: out.data,
            mime: 'image/png',
            name: rename(file.originalName, 'png'),
            image: { width: out.width, height: out.height, format: 'PNG' },
          }
        }
        const out = await applyImageOperations(data, recipe, formatOf(file.mime))
        return {
          data: out.data,
          mime: out.mime,
          name: rename(file.originalName, out.format),
          image: { width: out.width, height: out.height, format: out.format.toUpperCase() },
        }
      } catch (error) {
        if (error instanceof ProcessingError) throw error
        throw new ProcessingError(`Image processing failed: ${(error as Error).message}`)
      }
    },
    async preview(file, data, operations) {
      const out = await applyImageOperations(data, operations, formatOf(file.mime))
      return { data: out.data, mime: out.mime }
    },
  }
}
