// Operations that cut or draw: crop, trim, border_radius, rect, blur_region.
import { ProcessingError } from '../../src/testing/index.ts'
import { gaussian } from './adjust.ts'
import { isAlign, place, readColor, readCropBox, readFullSize, readPoint } from './geometry.ts'
import { open, type RawImage, step, withAlpha } from './raw.ts'
import type { Settings } from './settings.ts'

/** `crop/<WxH|N:M>[/<align>]`: a box of the image, within its bounds. */
export function crop(image: RawImage, args: readonly string[], settings: Settings) {
  const [size = '', ...rest] = args
  const box = readCropBox(size, image)
  const extra = rest.find((a) => !isAlign(a))
  if (extra) throw new ProcessingError(`crop/${size}/${extra}: an object size needs crop/face or crop/image.`)
  settings.explicitSize = true
  return step(image, (p) => p.extract({ ...place(box, image, rest.find(isAlign)), ...box }))
}

/** A region inside the image: a size at a point, both px or percent, cut to the image. */
function region(image: RawImage, size: string, at: string | undefined) {
  const { width, height } = readFullSize(size, image)
  const { x, y } = at ? readPoint(at, image) : { x: 0, y: 0 }
  const left = Math.min(Math.max(0, x), image.width - 1)
  const top = Math.min(Math.max(0, y), image.height - 1)
  return {
    left,
    top,
    width: Math.min(width, image.width - left),
    height: Math.min(height, image.height - top),
  }
}

/** `trim[/tolerance][/padding]`: crops a solid background (the top-left colour), then pads with it. */
export async function trim(image: RawImage, args: readonly string[]) {
  const tolerance = args[0] === undefined ? 10 : Number(args[0])
  const padding = args[1] === undefined ? 0 : Number(args[1])
  const background = {
    r: image.data[0]!,
    g: image.data[1]!,
    b: image.data[2]!,
    alpha: image.channels === 4 ? image.data[3]! / 255 : 1,
  }
  let trimmed: RawImage
  try {
    trimmed = await step(image, (p) => p.trim({ background, threshold: Math.max(1, tolerance) }))
  } catch {
    return image // nothing but background: nothing to trim to
  }
  if (!padding) return trimmed
  return step(trimmed, (p) =>
    p.extend({ top: padding, bottom: padding, left: padding, right: padding, background }),
  )
}

/** 1–4 radii (CSS order: top-left, top-right, bottom-right, bottom-left) in px or percent of `of`. */
function radii(list: string, of: number): [number, number, number, number] {
  const values = list
    .split(',')
    .map((r) => (r.endsWith('p') ? (of * Number.parseInt(r, 10)) / 100 : Number(r)))
  const [a = 0, b = a, c = a, d = b] = values
  return [a, b, c, d]
}

/** `border_radius/<r>[/<vertical r>]`: rounded corners (transparent outside). */
export async function borderRadius(image: RawImage, args: readonly string[]) {
  const { width: w, height: h } = image
  const rx = radii(args[0] ?? '0', w)
  // Without vertical radii the same values apply vertically (a percent then of the height).
  const ry = radii(args[1] ?? args[0] ?? '0', h)
  // Like CSS: radii that would overlap are scaled down together.
  const f = Math.min(
    1,
    w / (rx[0] + rx[1] || 1),
    w / (rx[3] + rx[2] || 1),
    h / (ry[0] + ry[3] || 1),
    h / (ry[1] + ry[2] || 1),
  )
  const [x0, x1, x2, x3] = rx.map((r) => r * f) as typeof rx
  const [y0, y1, y2, y3] = ry.map((r) => r * f) as typeof ry
  const path = `M${x0},0 H${w - x1} A${x1},${y1} 0 0 1 ${w},${y1} V${h - y2} A${x2},${y2} 0 0 1 ${w - x2},${h} H${x3} A${x3},${y3} 0 0 1 0,${h - y3} V${y0} A${x0},${y0} 0 0 1 ${x0},0 Z`
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><path d="${path}" fill="#fff"/></svg>`,
  )
  const rgba = await withAlpha(image)
  return step(rgba, (p) => p.composite([{ input: mask, blend: 'dest-in' }]))
}

/** `rect/<color>/<WxH>/<X,Y>`: a solid rectangle (the colour may carry alpha). */
export function rect(image: RawImage, args: readonly string[]) {
  const [color = '', size = '', at = '0,0'] = args
  const box = region(image, size, at)
  const background = readColor(color)
  return step(image, (p) =>
    p.composite([
      {
        input: { create: { width: box.width, height: box.height, channels: 4, background } },
        left: box.left,
        top: box.top,
      },
    ]),
  )
}

/** `blur_region/<WxH>[/<X,Y>][/<strength>]`: blurs one region; `faces` needs face detection. */
export async function blurRegion(image: RawImage, args: readonly string[]) {
  const [size = '', ...rest] = args
  if (size === 'faces')
    throw new ProcessingError('blur_region/faces needs face detection, which this server does not have.')
  const at = rest.find((a) => a.includes(','))
  const strength = rest.find((a) => !a.includes(','))
  const box = region(image, size, at)
  const part = await step(image, (p) => p.extract(box))
  const blurred = await gaussian(
    part,
    strength === undefined ? Math.max(20, Math.min(box.width, box.height) * 1.5) : Number(strength),
  )
  const overlay = await open(blurred).png().toBuffer()
  return step(image, (p) => p.composite([{ input: overlay, left: box.left, top: box.top }]))
}
