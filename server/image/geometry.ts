// Reading the geometry arguments of image operations (spec/UPSTREAM.md §1b). The recipe module
// has already checked their grammar; these turn them into pixels for a given image.
import { ProcessingError } from '../../src/testing/index.ts'

export interface Box {
  width: number
  height: number
}

/** A side in px (`200`) or percent of `of` (`50p`). */
function side(value: string | undefined, of: number): number | undefined {
  if (!value) return undefined
  const n = Number.parseInt(value, 10)
  return value.endsWith('p') ? Math.max(1, Math.round((of * n) / 100)) : n
}

/** `WxH`, `Wx` or `xH`, sides in px or percent of `image`. */
export function readSize(arg: string | undefined, image: Box): { width?: number; height?: number } {
  const m = /^(\d+p?)?x(\d+p?)?$/.exec(arg ?? '')
  if (!m || !(m[1] || m[2])) throw new ProcessingError(`Unreadable size "${arg}".`)
  const width = side(m[1], image.width)
  const height = side(m[2], image.height)
  return { ...(width && { width }), ...(height && { height }) }
}

/** `WxH` with both sides. */
export function readFullSize(arg: string | undefined, image: Box): Box {
  const { width, height } = readSize(arg, image)
  if (!width || !height) throw new ProcessingError(`"${arg}" needs both sides.`)
  return { width, height }
}

/** `X,Y` in px or percent of `image`. */
export function readPoint(arg: string, image: Box): { x: number; y: number } {
  const m = /^(-?\d+p?),(-?\d+p?)$/.exec(arg)
  if (!m) throw new ProcessingError(`Unreadable position "${arg}".`)
  return { x: side(m[1], image.width) ?? 0, y: side(m[2], image.height) ?? 0 }
}

const keywords: Record<string, [number, number]> = {
  center: [50, 50],
  top: [50, 0],
  bottom: [50, 100],
  left: [0, 50],
  right: [100, 50],
}
export const isAlign = (arg: string) => arg in keywords || /^-?\d+p?,-?\d+p?$/.test(arg)

/**
 * Where a `box` goes inside `image` for an alignment: a keyword or `Xp,Yp` places the box like
 * CSS background-position (`0p,0p` top left, `50p,50p` centred, `100p,100p` bottom right);
 * `X,Y` in px is the box's top-left corner. Always inside the image.
 */
export function place(box: Box, image: Box, align = 'center'): { left: number; top: number } {
  const room = { x: image.width - box.width, y: image.height - box.height }
  const within = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), Math.max(0, max))
  const keyword = keywords[align]
  if (keyword)
    return {
      left: within((room.x * keyword[0]) / 100, room.x),
      top: within((room.y * keyword[1]) / 100, room.y),
    }
  const m = /^(-?\d+)(p?),(-?\d+)(p?)$/.exec(align)
  if (!m) throw new ProcessingError(`Unreadable alignment "${align}".`)
  const at = (value: string, percent: string, free: number) =>
    percent ? (free * Number.parseInt(value, 10)) / 100 : Number.parseInt(value, 10)
  return { left: within(at(m[1]!, m[2]!, room.x), room.x), top: within(at(m[3]!, m[4]!, room.y), room.y) }
}

/** A crop box for `crop`: `WxH` (px or percent) or a ratio `N:M` (the largest that fits). */
export function readCropBox(arg: string, image: Box): Box {
  const ratio = /^(\d+):(\d+)$/.exec(arg)
  if (ratio) {
    const r = Number(ratio[1]) / Number(ratio[2])
    return image.width / image.height > r
      ? { width: Math.max(1, Math.round(image.height * r)), height: image.height }
      : { width: image.width, height: Math.max(1, Math.round(image.width / r)) }
  }
  if (arg === 'face' || arg === 'image') {
    throw new ProcessingError(`crop/${arg} needs object detection, which this server does not have.`)
  }
  const { width, height } = readFullSize(arg, image)
  return { width: Math.min(width, image.width), height: Math.min(height, image.height) }
}

/** `ff8800` or `ff880080` → a colour sharp takes. */
export function readColor(hex: string): { r: number; g: number; b: number; alpha: number } {
  const m = /^([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex)
  if (!m) throw new ProcessingError(`Unreadable colour "${hex}".`)
  const byte = (s: string) => Number.parseInt(s, 16)
  return { r: byte(m[1]!), g: byte(m[2]!), b: byte(m[3]!), alpha: m[4] ? byte(m[4]) / 255 : 1 }
}
