// BMP files for tests, written by hand: the kinds of header, bit depth and row order a reader meets.
type Pixel = [number, number, number, number?]

export interface BmpOptions {
  /** 1, 4, 8 (with a palette of the colours used), 16 (5-5-5), 24 or 32. @default 24, 32 with `alpha` */
  bits?: 1 | 4 | 8 | 16 | 24 | 32
  /** 12 (OS/2), 40 or 124 (with alpha mask). @default 40 */
  header?: 12 | 40 | 124
  /** 32 bits with BI_BITFIELDS and an alpha mask. */
  alpha?: boolean
  /** Rows top-down (a negative height). */
  topDown?: boolean
}

export function createBmp(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Pixel,
  o: BmpOptions = {},
) {
  const bits = o.bits ?? (o.alpha ? 32 : 24)
  const header = o.header ?? (o.alpha ? 124 : 40)
  const colours: string[] = []
  if (bits <= 8)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const key = pixel(x, y).slice(0, 3).join()
        if (!colours.includes(key)) colours.push(key)
      }
  const entry = header === 12 ? 3 : 4
  const masksAfter = o.alpha && header === 40 ? 16 : 0
  const paletteBytes = bits <= 8 ? colours.length * entry : 0
  const offset = 14 + header + masksAfter + paletteBytes
  const stride = Math.ceil((bits * width) / 32) * 4
  const d = new Uint8Array(offset + stride * height)
  const view = new DataView(d.buffer)
  d.set([0x42, 0x4d])
  view.setUint32(2, d.length, true)
  view.setUint32(10, offset, true)
  view.setUint32(14, header, true)
  if (header === 12) {
    view.setUint16(18, width, true)
    view.setUint16(20, height, true)
    view.setUint16(22, 1, true)
    view.setUint16(24, bits, true)
  } else {
    view.setInt32(18, width, true)
    view.setInt32(22, o.topDown ? -height : height, true)
    view.setUint16(26, 1, true)
    view.setUint16(28, bits, true)
    view.setUint32(30, o.alpha ? 3 : 0, true)
    if (bits <= 8) view.setUint32(46, colours.length, true)
    if (o.alpha)
      for (const [i, m] of [0xff0000, 0xff00, 0xff, 0xff000000].entries()) view.setUint32(54 + i * 4, m, true)
  }
  colours.forEach((key, i) => {
    const [r, g, b] = key.split(',').map(Number)
    d.set([b!, g!, r!], 14 + header + masksAfter + i * entry)
  })
  for (let y = 0; y < height; y++) {
    const row = offset + (o.topDown ? y : height - 1 - y) * stride
    for (let x = 0; x < width; x++) {
      const [r, g, b, a = 255] = pixel(x, y)
      if (bits <= 8) {
        const index = colours.indexOf([r, g, b].join())
        const bit = x * bits
        d[row + (bit >> 3)]! |= index << (8 - bits - (bit & 7))
      } else if (bits === 16) view.setUint16(row + x * 2, ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3), true)
      else if (bits === 24) d.set([b, g, r], row + x * 3)
      else d.set([b, g, r, o.alpha ? a : 0], row + x * 4)
    }
  }
  return d
}
