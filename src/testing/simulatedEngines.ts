// Deterministic engines that need no native code and run in browsers and Node alike.
// They inspect real bytes (types, dimensions, EICAR, blank images) but do not re-encode
// pixels: a converted image keeps its bytes and is labelled with the target type. The
// Node server plugs in sharp for real conversion (server/sharpEngines.ts).

import type { ActionType, ConversionKind } from '../api/types.js'
import {
  type ConvertOutput,
  type EmulatorEngines,
  type ProbeResult,
  ProcessingError,
} from './core/engines.js'
import { inflate } from './core/inflate.js'
import type { FileRecord } from './core/storage.js'

const ascii = (data: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...data.subarray(start, start + length))
const be32 = (d: Uint8Array, at: number) =>
  ((d[at]! << 24) | (d[at + 1]! << 16) | (d[at + 2]! << 8) | d[at + 3]!) >>> 0
const be16 = (d: Uint8Array, at: number) => (d[at]! << 8) | d[at + 1]!
const le16 = (d: Uint8Array, at: number) => d[at]! | (d[at + 1]! << 8)
const le24 = (d: Uint8Array, at: number) => d[at]! | (d[at + 1]! << 8) | (d[at + 2]! << 16)
const le32 = (d: Uint8Array, at: number) => (le24(d, at) | (d[at + 3]! << 24)) >>> 0

/**
 * A BMP's size: `BM`, then a known DIB header (12: OS/2 with 16-bit sides; 40 to 124: Windows,
 * 32-bit signed sides, a negative height meaning top-down), one plane and a known bit depth, so
 * a text that happens to start with "BM" is not taken for one.
 */
function bmpSize(d: Uint8Array): Image | null {
  if (d.length < 26 || ascii(d, 0, 2) !== 'BM') return null
  const header = le32(d, 14)
  const core = header === 12
  if (!core && ![40, 52, 56, 64, 108, 124].includes(header)) return null
  if (d.length < 14 + (core ? 12 : 16)) return null
  const width = core ? le16(d, 18) : le32(d, 18) | 0
  const height = Math.abs(core ? le16(d, 20) : le32(d, 22) | 0)
  const [planes, bits] = core ? [le16(d, 22), le16(d, 24)] : [le16(d, 26), le16(d, 28)]
  if (planes !== 1 || ![1, 4, 8, 16, 24, 32].includes(bits) || width <= 0 || height <= 0) return null
  return { width, height, format: 'BMP' }
}

type Image = { width: number; height: number; format: string }

function jpegSize(d: Uint8Array): Image | null {
  let at = 2
  while (at + 9 < d.length) {
    if (d[at] !== 0xff) return null
    const marker = d[at + 1]!
    const length = be16(d, at + 2)
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: be16(d, at + 5), width: be16(d, at + 7), format: 'JPEG' }
    }
    at += 2 + length
  }
  return null
}

function webpSize(d: Uint8Array): Image | null {
  const kind = ascii(d, 12, 4)
  if (kind === 'VP8 ' && d.length >= 30)
    return { width: le16(d, 26) & 0x3fff, height: le16(d, 28) & 0x3fff, format: 'WEBP' }
  if (kind === 'VP8L' && d.length >= 25) {
    const bits = d[21]! | (d[22]! << 8) | (d[23]! << 16) | (d[24]! << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, format: 'WEBP' }
  }
  if (kind === 'VP8X' && d.length >= 30)
    return { width: le24(d, 24) + 1, height: le24(d, 27) + 1, format: 'WEBP' }
  return null
}

/** Real type and image size from magic bytes. */
export function probeBytes(d: Uint8Array, declaredType: string | null): ProbeResult {
  let image: Image | null = null
  let mime: string | null = null
  if (d.length >= 24 && be32(d, 0) === 0x89504e47) {
    mime = 'image/png'
    image = { width: be32(d, 16), height: be32(d, 20), format: 'PNG' }
  } else if (d[0] === 0xff && d[1] === 0xd8) {
    mime = 'image/jpeg'
    image = jpegSize(d)
  } else if (ascii(d, 0, 4) === 'GIF8') {
    mime = 'image/gif'
    image = { width: le16(d, 6), height: le16(d, 8), format: 'GIF' }
  } else if (ascii(d, 0, 4) === 'RIFF' && ascii(d, 8, 4) === 'WEBP') {
    mime = 'image/webp'
    image = webpSize(d)
  } else if (bmpSize(d)) {
    mime = 'image/bmp'
    image = bmpSize(d)
  } else if (ascii(d, 0, 5) === '%PDF-') mime = 'application/pdf'
  else if (ascii(d, 4, 4) === 'ftyp') mime = 'video/mp4'
  else if (ascii(d, 0, 4) === '\x1aE\xdf\xa3') mime = 'video/webm'
  if (mime?.startsWith('image/') && !image) mime = null // a broken image header is not an image
  const type =
    mime ?? (declaredType && !declaredType.startsWith('image/') ? declaredType : 'application/octet-stream')
  return { mime: type, isImage: image !== null, image }
}

/**
 * True when a PNG's pixels are all the same colour. Only 8-bit PNGs are decoded; anything
 * else (or anything undecodable) counts as "has content", so no file fails by accident. The
 * decoding is plain code, so the answer is the same in every runtime (jsdom included).
 */
export async function isBlankPng(d: Uint8Array): Promise<boolean> {
  if (d.length < 33 || be32(d, 0) !== 0x89504e47) return false
  const width = be32(d, 16)
  const height = be32(d, 20)
  const depth = d[24]
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[d[25]!]
  if (depth !== 8 || !channels || d[28] !== 0) return false
  const idat: Uint8Array[] = []
  for (let at = 8; at + 8 <= d.length; ) {
    const length = be32(d, at)
    if (ascii(d, at + 4, 4) === 'IDAT') idat.push(d.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const stride = width * channels
  let raw: Uint8Array
  try {
    raw = inflate(idat, height * (stride + 1))
  } catch {
    return false
  }
  if (raw.length < height * (stride + 1)) return false
  let prev = new Uint8Array(stride)
  let first: Uint8Array | null = null
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const line = raw.slice(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels]! : 0
      const b = prev[i]!
      const c = i >= channels ? prev[i - channels]! : 0
      const p = a + b - c
      const pred =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 3
              ? (a + b) >> 1
              : filter === 4
                ? Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
                  ? a
                  : Math.abs(p - b) <= Math.abs(p - c)
                    ? b
                    : c
                : 0
      line[i] = (line[i]! + pred) & 255
    }
    first ??= line.slice(0, channels)
    for (let i = 0; i < stride; i++) if (line[i] !== first[i % channels]) return false
    prev = line
  }
  return true
}

const eicarSignature = 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE'

/** True when the bytes contain the EICAR test signature. */
export function containsEicar(d: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(d).includes(eicarSignature)
}

function hash(d: Uint8Array | undefined, seed: string): number {
  let h = 0x811c9dc5
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193)
  for (const b of d ?? []) h = Math.imul(h ^ b, 0x01000193)
  return h >>> 0
}

const labelSets = [
  [
    ['Cat', ['Animal', 'Pet', 'Mammal']],
    ['Animal', []],
    ['Pet', ['Animal']],
  ],
  [
    ['Dog', ['Animal', 'Pet', 'Canine']],
    ['Grass', ['Plant']],
    ['Outdoors', []],
  ],
  [
    ['Landscape', ['Nature', 'Outdoors']],
    ['Mountain', ['Nature']],
    ['Sky', []],
  ],
  [
    ['Person', []],
    ['Face', ['Head', 'Person']],
    ['Portrait', ['Photography']],
  ],
  [
    ['Car', ['Vehicle', 'Transportation']],
    ['Wheel', ['Machine']],
    ['Road', []],
  ],
  [
    ['Circle', ['Shape']],
    ['Art', []],
    ['Pattern', []],
  ],
] as const

const stamp = (now: string) => ({ datetime_created: now, datetime_updated: now })

/** The appdata-style result for an action, derived from the bytes (UPSTREAM.md §5). */
export function simulatedActionResult(type: ActionType, data: Uint8Array | undefined, now: string): unknown {
  const h = hash(data, type)
  if (type === 'virus_scan') {
    const infected = data ? containsEicar(data) : false
    return {
      data: infected ? { infected, infected_with: 'Eicar-Test-Signature' } : { infected },
      version: '1.0.1',
      ...stamp(now),
    }
  }
  if (type === 'moderate') {
    const flagged = h % 5 === 0
    return {
      data: {
        ModerationModelVersion: '6.1',
        ModerationLabels: flagged ? [{ Name: 'Suggestive', Confidence: 60 + (h % 30), ParentName: '' }] : [],
      },
      version: '2016-06-27',
      ...stamp(now),
    }
  }
  const set = labelSets[h % labelSets.length]!
  return {
    data: {
      LabelModelVersion: '3.0',
      Labels: set.map(([name, parents], i) => ({
        Name: name,
        Confidence: Math.round((99 - i * 7 - ((h >> (i * 3)) % 5)) * 1000) / 1000,
        Parents: parents.map((p) => ({ Name: p })),
        Instances:
          i === 0 ? [{ Confidence: 95, BoundingBox: { Top: 0.2, Left: 0.25, Width: 0.5, Height: 0.6 } }] : [],
      })),
    },
    version: '2016-06-27',
    ...stamp(now),
  }
}

const mimes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  html: 'text/html',
}

/** The value of the first `name/value` operation in a recipe string. */
export function recipeValue(recipe: string, name: string): string | undefined {
  const parts = recipe.split('/').filter(Boolean)
  const at = parts.indexOf(name)
  return at >= 0 ? parts[at + 1] : undefined
}

function renamed(name: string | null, ext: string) {
  const base = (name ?? 'file').replace(/\.[^.]*$/, '')
  return `${base}.${ext}`
}

/** A side in px (`200`) or percent of `of` (`50p`); 0 when blank. */
const side = (value: string | undefined, of: number) =>
  !value
    ? 0
    : value.endsWith('p')
      ? Math.max(1, Math.round((of * Number.parseInt(value, 10)) / 100))
      : Number(value)

/**
 * The output of an image recipe as the sharp engine (server/image/pipeline.ts) makes it, in
 * size only: the sizing operations in order (resize and scale_crop as `stretch` says, smart_resize,
 * crop by `WxH` in px or percent or by a ratio `N:M`, preview, which only shrinks) and rotations
 * by 90°, then UPSTREAM §1a's limit on the output: 3000×3000, or 5000×5000 with an explicit
 * `format/jpeg`. Past it, a recipe that named a size fails; one that didn't is fitted inside.
 */
function imageOutput(recipe: string, image: Image): Image {
  let { width, height } = image
  let named = false
  let format: string | undefined
  let stretch = 'on'
  const fitInside = (boxWidth: number, boxHeight: number) => {
    const scale = Math.min(1, boxWidth / width, boxHeight / height)
    width = Math.max(1, Math.round(width * scale))
    height = Math.max(1, Math.round(height * scale))
  }
  for (const segment of recipe.split('/-/')) {
    const [name, ...args] = segment.split('/').filter(Boolean)
    const size = /^(\d+p?)?x(\d+p?)?$/.exec(args[0] ?? '')
    const w = side(size?.[1], width)
    const h = side(size?.[2], height)
    const ratio = /^(\d+):(\d+)$/.exec(args[0] ?? '')
    if (name === 'format') format = args[0]
    else if (name === 'stretch') stretch = args[0] ?? 'on'
    else if (name === 'resize' && (w || h)) {
      named = true
      const target = [
        w || Math.max(1, Math.round((width * h) / height)),
        h || Math.max(1, Math.round((height * w) / width)),
      ] as const
      // `off` never enlarges; `fill` pads back to the size asked for.
      ;[width, height] =
        stretch === 'off' ? [Math.min(target[0], width), Math.min(target[1], height)] : target
    } else if (name === 'scale_crop' && w && h) {
      named = true
      const scale = Math.max(w / width, h / height)
      const shrink = stretch === 'on' ? scale : Math.min(scale, 1)
      ;[width, height] =
        stretch === 'off'
          ? [
              Math.min(w, Math.max(1, Math.round(width * shrink))),
              Math.min(h, Math.max(1, Math.round(height * shrink))),
            ]
          : [w, h]
    } else if (name === 'smart_resize' && w && h) {
      named = true
      ;[width, height] = [w, h]
    } else if (name === 'crop' && ratio) {
      // The largest box of that ratio inside the image.
      named = true
      const r = Number(ratio[1]) / Number(ratio[2])
      ;[width, height] =
        width / height > r
          ? [Math.max(1, Math.round(height * r)), height]
          : [width, Math.max(1, Math.round(width / r))]
    } else if (name === 'crop' && w && h) {
      named = true
      ;[width, height] = [Math.min(w, width), Math.min(h, height)]
    } else if (name === 'preview' && w && h) {
      named = true
      fitInside(w, h)
    } else if (name === 'preview' && !args.length) fitInside(2048, 2048)
    else if (name === 'rotate' && Math.abs(Number(args[0])) % 180 === 90) [width, height] = [height, width]
  }
  const limit = format === 'jpeg' || format === 'jpg' ? 5000 : 3000
  if (width > limit || height > limit) {
    if (named)
      throw new ProcessingError(`The result would be ${width}×${height}; the limit is ${limit}×${limit}.`)
    fitInside(limit, limit)
  }
  return { ...image, width, height }
}

/** Creates the simulated engines. */
export function createSimulatedEngines(): EmulatorEngines {
  return {
    probe: async (data, declaredType) => probeBytes(data, declaredType),
    imageFormats: () => ['avif', 'gif', 'jpg', 'png', 'tiff', 'webp'],
    runAction: async (type, _file, data, now) => simulatedActionResult(type, data, now),
    async convert(kind: ConversionKind, file: FileRecord, data, recipe): Promise<ConvertOutput> {
      if (!data) throw new ProcessingError('The source file has no content.')
      if (kind === 'remove_bg') {
        if (await isBlankPng(data)) throw new ProcessingError('No foreground found: the image looks blank.')
        return { data, mime: 'image/png', name: renamed(file.originalName, 'png'), image: file.image }
      }
      const fallback =
        kind === 'image' ? (file.image?.format.toLowerCase() ?? 'png') : kind === 'video' ? 'mp4' : 'pdf'
      const format = recipeValue(recipe, 'format') ?? fallback
      const ext = format === 'jpeg' ? 'jpg' : ['auto', 'preserve'].includes(format) ? fallback : format
      const image = kind === 'image' && file.image ? imageOutput(recipe, file.image) : null
      return {
        data,
        mime: mimes[ext] ?? 'application/octet-stream',
        name: renamed(file.originalName, ext),
        image: image && { ...image, format: ext.toUpperCase() },
      }
    },
    preview: async (file, data) => ({ data, mime: file.mime ?? 'application/octet-stream' }),
  }
}
