// Sample files the emulator seeds: real PNGs built here (stored deflate blocks, so no
// compression library is needed), a small PDF and an MP4 header, all valid enough to probe.

let crcTable: Uint32Array | undefined
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256)
    for (let n = 0; n < 256; n++) {
      let c = n
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
      crcTable[n] = c >>> 0
    }
  }
  let crc = 0xffffffff
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function adler32(bytes: Uint8Array): number {
  let a = 1
  let b = 0
  for (const byte of bytes) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  return ((b << 16) | a) >>> 0
}

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]

function chunk(type: string, data: Uint8Array): Uint8Array {
  const body = new Uint8Array(4 + data.length)
  body.set([...type].map((c) => c.charCodeAt(0)))
  body.set(data, 4)
  const out = new Uint8Array(8 + data.length + 4)
  out.set(u32(data.length))
  out.set(body, 4)
  out.set(u32(crc32(body)), 8 + data.length)
  return out
}

/** zlib stream of stored (uncompressed) deflate blocks. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(raw.length / 65535))
  const out = new Uint8Array(2 + raw.length + blocks * 5 + 4)
  out.set([0x78, 0x01])
  let at = 2
  for (let i = 0; i < blocks; i++) {
    const part = raw.subarray(i * 65535, (i + 1) * 65535)
    out[at++] = i === blocks - 1 ? 1 : 0
    out.set([part.length & 255, part.length >>> 8, ~part.length & 255, (~part.length >>> 8) & 255], at)
    at += 4
    out.set(part, at)
    at += part.length
  }
  out.set(u32(adler32(raw)), at)
  return out
}

/** An 8-bit RGB PNG whose pixels come from `pixel(x, y)`. */
export function createPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
) {
  const raw = new Uint8Array(height * (1 + width * 3))
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3)
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3)
  }
  const header = new Uint8Array([...u32(width), ...u32(height), 8, 2, 0, 0, 0])
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array()),
  ]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A uniform image: background removal finds nothing in it. */
export const blankPng = (width = 64, height = 64, rgb: [number, number, number] = [255, 255, 255]) =>
  createPng(width, height, () => rgb)

/** A gradient background with a solid disc: a "photo with a subject". */
export function subjectPng(width = 96, height = 64, hue = 0): Uint8Array {
  const cx = width / 2
  const cy = height / 2
  const r = Math.min(width, height) / 3
  return createPng(width, height, (x, y) => {
    if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) return [(200 + hue) % 256, (60 + hue * 3) % 256, 40]
    return [40 + Math.round((x / width) * 120), 90 + Math.round((y / height) * 100), 200]
  })
}

const text = (s: string) => new TextEncoder().encode(s)

/** A minimal one-page PDF. */
export const samplePdf = () =>
  text(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )

/** The start of an MP4 (an `ftyp` box), enough to be recognised as video. */
export const sampleMp4 = () =>
  new Uint8Array([
    0,
    0,
    0,
    24,
    ...text('ftypmp42'),
    0,
    0,
    0,
    0,
    ...text('mp42isom'),
    0,
    0,
    0,
    8,
    ...text('free'),
  ])

/** The EICAR anti-virus test string: every scanner reports it, it harms nothing. */
export const eicar = () => text('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*')
