// The sharp engines really process images: formats by magic bytes, sizes, pixels where an
// operation's effect is unambiguous, limits, and clear refusals for what they cannot do.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createSharpEngines } from '../../server/sharpEngines.ts'
import {
  blankPng,
  createPng,
  createSimulatedEngines,
  ProcessingError,
  subjectPng,
} from '../../src/testing/index.ts'
import { type BmpOptions, createBmp } from '../support/bmp.ts'
import { fileRecord } from '../support/fileRecord.ts'

const engines = createSharpEngines()
const file = (mime = 'image/png') => fileRecord({ mime })
const ascii = (d: Uint8Array, from: number, to: number) => new TextDecoder().decode(d.subarray(from, to))
const convert = (data: Uint8Array, recipe: string) => engines.convert('image', file(), data, recipe)

/** Decoded RGBA pixels of an encoded image, with a reader by coordinates. */
async function pixels(data: Uint8Array) {
  const { data: raw, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [
    ...raw.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
  ]
  return { width: info.width, height: info.height, at }
}

const red: [number, number, number] = [255, 0, 0]
const blue: [number, number, number] = [0, 0, 255]
/** 40×20: left half red, right half blue, a green pixel at the top-left corner. */
const halves = createPng(40, 20, (x, y) => (x === 0 && y === 0 ? [0, 255, 0] : x < 20 ? red : blue))

describe('sharp engines: formats', () => {
  it.each([
    ['webp', (d: Uint8Array) => ascii(d, 0, 4) === 'RIFF' && ascii(d, 8, 12) === 'WEBP', 'image/webp'],
    ['jpeg', (d: Uint8Array) => d[0] === 0xff && d[1] === 0xd8, 'image/jpeg'],
    ['avif', (d: Uint8Array) => ascii(d, 4, 12) === 'ftypavif', 'image/avif'],
    ['gif', (d: Uint8Array) => ascii(d, 0, 4) === 'GIF8', 'image/gif'],
    ['tiff', (d: Uint8Array) => ascii(d, 0, 2) === 'II' || ascii(d, 0, 2) === 'MM', 'image/tiff'],
    ['png', (d: Uint8Array) => ascii(d, 1, 4) === 'PNG', 'image/png'],
  ])('really converts a PNG to %s, same size', async (format, magic, mime) => {
    const out = await convert(subjectPng(96, 64), `/-/format/${format}/`)
    expect(magic(out.data)).toBe(true)
    expect(out.mime).toBe(mime)
    expect(out.name).toBe(`photo.${format === 'jpeg' ? 'jpg' : format}`)
    expect(out.image).toMatchObject({ width: 96, height: 64 })
    const meta = await sharp(out.data).metadata()
    expect([meta.width, meta.height]).toEqual([96, 64])
  })

  it('keeps the source format when the recipe names none, and flattens alpha into JPEG with setfill', async () => {
    expect((await convert(subjectPng(), '/-/mirror/')).mime).toBe('image/png')
    const transparent = new Uint8Array(
      await sharp({
        create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer(),
    )
    const out = await convert(transparent, '/-/setfill/00ff00/-/format/jpeg/')
    const [r, g, b] = (await pixels(out.data)).at(1, 1)
    expect(r).toBeLessThan(30)
    expect(g).toBeGreaterThan(220)
    expect(b).toBeLessThan(30)
  })

  it('offers only the formats it writes', () => {
    expect(engines.imageFormats(file())).toEqual(['avif', 'gif', 'jpg', 'png', 'tiff', 'webp'])
  })
})

describe('sharp engines: geometry', () => {
  it.each([
    ['/-/resize/48x/', 48, 32],
    ['/-/resize/x16/', 24, 16],
    ['/-/resize/50x50/', 50, 50], // both sides distort
    ['/-/resize/50px50p/', 48, 32],
    ['/-/preview/', 96, 64], // never enlarges
    ['/-/preview/48x48/', 48, 32],
    ['/-/scale_crop/30x30/', 30, 30],
    ['/-/scale_crop/30x30/smart/', 30, 30],
    ['/-/smart_resize/20x40/', 20, 40],
    ['/-/crop/1:1/', 64, 64],
    ['/-/crop/500x10/', 96, 10], // cut to the image
    ['/-/rotate/90/', 64, 96],
    ['/-/stretch/off/-/resize/200x/', 96, 64],
    ['/-/stretch/fill/-/resize/200x100/', 200, 100],
    ['/-/border_radius/10/', 96, 64],
    ['/-/trim/', 96, 64],
  ])('%s gives %i×%i', async (recipe, width, height) => {
    const out = await convert(subjectPng(96, 64), recipe)
    expect(out.image).toMatchObject({ width, height })
    const meta = await sharp(out.data).metadata()
    expect([meta.width, meta.height]).toEqual([width, height])
  })

  it('crops where the alignment says', async () => {
    const right = await pixels((await convert(halves, '/-/crop/10x20/right/')).data)
    expect(right.at(0, 0).slice(0, 3)).toEqual(blue)
    const left = await pixels((await convert(halves, '/-/crop/10x20/0,0/')).data)
    expect(left.at(5, 5).slice(0, 3)).toEqual(red)
    const percent = await pixels((await convert(halves, '/-/scale_crop/10x10/100p,0p/')).data)
    expect(percent.at(5, 5).slice(0, 3)).toEqual(blue)
  })

  it('rotates counter-clockwise, flips and mirrors', async () => {
    // The green corner pixel (top left) ends bottom left after a quarter turn counter-clockwise.
    const rotated = await pixels((await convert(halves, '/-/rotate/90/')).data)
    expect(rotated.at(0, 39).slice(0, 3)).toEqual([0, 255, 0])
    const flipped = await pixels((await convert(halves, '/-/flip/')).data)
    expect(flipped.at(0, 19).slice(0, 3)).toEqual([0, 255, 0])
    const mirrored = await pixels((await convert(halves, '/-/mirror/')).data)
    expect(mirrored.at(39, 0).slice(0, 3)).toEqual([0, 255, 0])
    expect(mirrored.at(0, 10).slice(0, 3)).toEqual(blue)
  })

  it('honours EXIF orientation unless autorotate/no', async () => {
    const tagged = new Uint8Array(await sharp(halves).jpeg().withMetadata({ orientation: 6 }).toBuffer())
    expect((await convert(tagged, '/-/format/png/')).image).toMatchObject({ width: 20, height: 40 })
    expect((await convert(tagged, '/-/autorotate/no/-/format/png/')).image).toMatchObject({
      width: 40,
      height: 20,
    })
  })

  it('rounds corners to transparency and draws rectangles', async () => {
    const round = await pixels((await convert(subjectPng(40, 40), '/-/border_radius/50p/')).data)
    expect(round.at(0, 0)[3]).toBe(0)
    expect(round.at(20, 20)[3]).toBe(255)
    const boxed = await pixels((await convert(halves, '/-/rect/00ff00/10x10/25,5/')).data)
    expect(boxed.at(30, 10).slice(0, 3)).toEqual([0, 255, 0])
    expect(boxed.at(30, 2).slice(0, 3)).toEqual(blue)
  })
})

describe('sharp engines: colour', () => {
  it('grayscale, invert, brightness', async () => {
    const grey = await pixels((await convert(halves, '/-/grayscale/')).data)
    const [r, g, b] = grey.at(10, 10)
    expect(r).toBe(g)
    expect(g).toBe(b)
    expect((await pixels((await convert(halves, '/-/invert/')).data)).at(10, 10).slice(0, 3)).toEqual([
      0, 255, 255,
    ])
    expect((await pixels((await convert(halves, '/-/brightness/100/')).data)).at(30, 10).slice(0, 3)).toEqual(
      [255, 255, 255],
    )
  })

  it('neutral values change nothing', async () => {
    const source = await pixels(subjectPng(96, 64))
    const out = await pixels(
      (
        await convert(
          subjectPng(96, 64),
          '/-/brightness/0/-/exposure/0/-/gamma/100/-/contrast/0/-/saturation/0/-/vibrance/0/-/warmth/0/-/sharp/0/-/blur/0/',
        )
      ).data,
    )
    for (const [x, y] of [
      [0, 0],
      [48, 32],
      [90, 60],
    ] as const)
      expect(out.at(x, y)).toEqual(source.at(x, y))
  })

  it('blurs (even at the largest strength, quickly) and sharpens', async () => {
    const spread = async (data: Uint8Array) => (await sharp(data).stats()).channels[0]!.stdev
    const before = await spread(halves)
    const started = performance.now()
    const blurred = await convert(
      createPng(600, 400, (x) => (x < 300 ? red : blue)),
      '/-/blur/5000/',
    )
    expect(performance.now() - started).toBeLessThan(5000)
    expect(await spread(blurred.data)).toBeLessThan(before)
    expect(await spread((await convert(subjectPng(), '/-/blur/40/')).data)).toBeLessThan(
      await spread(subjectPng()),
    )
  })
})

describe('sharp engines: limits and refusals', () => {
  it('refuses a named size over 3000 (5000 with format/jpeg) and over 5000 in any step', async () => {
    await expect(convert(subjectPng(), '/-/resize/3200x/')).rejects.toThrow(/limit is 3000×3000/)
    await expect(convert(subjectPng(), '/-/resize/6000x/')).rejects.toThrow(/largest side/)
    const jpeg = await convert(subjectPng(30, 10), '/-/resize/3200x/-/format/jpeg/')
    expect(jpeg.image).toMatchObject({ width: 3200 })
  })

  it('fits a large source inside 3000×3000 when no size is named', async () => {
    const wide = createPng(3400, 20, (x) => (x % 2 ? red : blue))
    expect((await convert(wide, '/-/format/png/')).image).toMatchObject({ width: 3000, height: 18 })
  })

  it.each([
    ['/-/overlay/self/', /overlay/],
    ['/-/filter/adaris/', /filter/],
    ['/-/zoom_objects/50/', /object detection/],
    ['/-/crop/face/', /object detection/],
    ['/-/blur_region/faces/', /face detection/],
    ['/-/strip_meta/none/', /strips all metadata/],
    ['/-/srgb/keep_profile/', /colour profiles/],
    ['/-/format/bmp/', /cannot write bmp/],
  ])('refuses %s with a clear processing error', async (recipe, message) => {
    const attempt = convert(subjectPng(), recipe)
    await expect(attempt).rejects.toBeInstanceOf(ProcessingError)
    await expect(attempt).rejects.toThrow(message)
  })

  it('turns unreadable bytes into a processing error', async () => {
    await expect(
      convert(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), '/-/format/webp/'),
    ).rejects.toBeInstanceOf(ProcessingError)
  })
})

describe('sharp engines: remove_bg', () => {
  const removeBg = (data: Uint8Array, recipe: string) => engines.convert('remove_bg', file(), data, recipe)

  it('finds no foreground in a blank image', async () => {
    await expect(removeBg(blankPng(), '/type/auto/')).rejects.toThrow(/No foreground/)
  })

  it('clears the background (a gradient here) and keeps the subject', async () => {
    const out = await removeBg(subjectPng(96, 64), '/type/auto/')
    expect(out.mime).toBe('image/png')
    const image = await pixels(out.data)
    expect(image.at(0, 0)[3]).toBe(0)
    expect(image.at(95, 63)[3]).toBe(0)
    expect(image.at(48, 32)[3]).toBe(255)
  })

  it('crops to the subject with a margin, or answers the mask only', async () => {
    const cropped = await removeBg(subjectPng(96, 64), '/crop/true/-/crop_margin/2px/')
    // The disc has a radius of 64/3 px: about 43 px across, plus 2 px each side.
    expect(cropped.image!.width).toBeGreaterThanOrEqual(44)
    expect(cropped.image!.width).toBeLessThanOrEqual(48)
    const mask = await removeBg(subjectPng(96, 64), '/channels/alpha/')
    expect((await sharp(mask.data).metadata()).channels).toBe(1)
  })

  it('refuses what it cannot do', async () => {
    await expect(removeBg(subjectPng(), '/add_shadow/true/')).rejects.toThrow(/add_shadow/)
  })
})

describe('sharp engines: probe and CDN previews', () => {
  it('probes images sharp reads but magic bytes alone do not size (TIFF)', async () => {
    const tiff = new Uint8Array(await sharp(subjectPng(20, 10)).tiff().toBuffer())
    expect(await engines.probe(tiff, 'image/tiff', 'a.tiff')).toMatchObject({
      isImage: true,
      mime: 'image/tiff',
      image: { width: 20, height: 10 },
    })
  })

  it('makes previews for the CDN', async () => {
    const out = await engines.preview(file(), subjectPng(96, 64), '/-/preview/24x24/-/format/webp/')
    expect(out.mime).toBe('image/webp')
    expect((await sharp(out.data).metadata()).width).toBe(24)
  })
})

// The simulated engines don't touch pixels but label a converted image with the size the
// recipe asks for: the size sharp really makes (emulator.md, "Engines").
describe('simulated engines size results as sharp does', () => {
  const simulated = createSimulatedEngines()
  const source = subjectPng(96, 64)
  const record = fileRecord({ mime: 'image/png', image: { width: 96, height: 64, format: 'PNG' } })
  it.each([
    '/-/crop/1:1/',
    '/-/crop/3:4/center/',
    '/-/crop/16:9/',
    '/-/crop/50px50p/',
    '/-/crop/50px20/0,0/',
    '/-/crop/200x200/',
    '/-/resize/50x/',
    '/-/resize/x200/',
    '/-/stretch/off/-/resize/200x/',
    '/-/stretch/fill/-/resize/200x100/',
    '/-/scale_crop/50x50/',
    '/-/stretch/off/-/scale_crop/200x100/',
    '/-/stretch/fill/-/scale_crop/200x100/',
    '/-/smart_resize/30x70/',
    '/-/rotate/90/',
    '/-/rotate/-270/-/crop/1:2/',
    '/-/rotate/180/',
    '/-/preview/50x50/',
    '/-/crop/50px50p/-/resize/20x/',
    '/-/crop/1:1/-/resize/4000x/',
  ])('%s', async (recipe) => {
    const outcome = async (engines: typeof simulated) => {
      try {
        const { image } = await engines.convert('image', record, source, recipe)
        return `${image?.width}×${image?.height}`
      } catch (error) {
        return (error as Error).message
      }
    }
    expect(await outcome(simulated)).toBe(await outcome(engines))
  })
})

// libvips reads no BMP: the server decodes uncompressed ones itself (server/image/bmp.ts).
describe('sharp engines: BMP input', () => {
  // Four colours in quarters, so row order and both sides show; half-transparent in one.
  const quarter = (x: number, y: number): [number, number, number, number] =>
    y < 2 ? (x < 3 ? [255, 0, 0, 255] : [0, 0, 255, 255]) : x < 3 ? [0, 255, 0, 255] : [255, 255, 255, 128]
  const bmpFile = fileRecord({ mime: 'image/bmp', image: { width: 6, height: 4, format: 'BMP' } })
  it.each<[string, BmpOptions]>([
    ['24-bit', {}],
    ['24-bit, top-down', { topDown: true }],
    ['24-bit, OS/2 header', { header: 12 }],
    ['32-bit', { bits: 32 }],
    ['16-bit 5-5-5', { bits: 16 }],
    ['8-bit palette', { bits: 8 }],
    ['4-bit palette', { bits: 4 }],
    ['8-bit palette, OS/2 header', { bits: 8, header: 12 }],
  ])('converts a %s BMP with its pixels in place', async (_name, options) => {
    const out = await engines.convert('image', bmpFile, createBmp(6, 4, quarter, options), '/-/format/png/')
    expect(out).toMatchObject({ mime: 'image/png', image: { width: 6, height: 4 } })
    const { at } = await pixels(out.data)
    expect(at(0, 0)).toEqual([255, 0, 0, 255])
    expect(at(5, 0)).toEqual([0, 0, 255, 255])
    expect(at(0, 3)).toEqual([0, 255, 0, 255])
    expect(at(5, 3).slice(0, 3)).toEqual([255, 255, 255])
  })

  it('keeps the alpha of a 32-bit BMP with an alpha mask, and previews a BMP', async () => {
    const bmp = createBmp(6, 4, quarter, { alpha: true })
    const out = await engines.convert('image', bmpFile, bmp, '/-/format/png/')
    expect((await pixels(out.data)).at(5, 3)).toEqual([255, 255, 255, 128])
    const preview = await engines.preview(bmpFile, bmp, '/-/resize/3x/')
    expect((await sharp(preview.data).metadata()).width).toBe(3)
  })

  it('refuses a BMP past 4096×4096 at once: a small 1-bit file must not hold the server for seconds', async () => {
    // 10000×10000 at 1 bit is 12.5 MB, an upload anyone can make; only its header is written here.
    const header = createBmp(1, 1, quarter, { bits: 1 })
    const big = new Uint8Array(header.length + 12_500_000)
    big.set(header)
    const view = new DataView(big.buffer)
    view.setInt32(18, 10_000, true)
    view.setInt32(22, 10_000, true)
    await expect(engines.convert('image', bmpFile, big, '/-/format/png/')).rejects.toThrow(
      /at most 16777216 pixels/,
    )
  })

  it('refuses an RLE-compressed BMP with a reason', async () => {
    const rle = createBmp(6, 4, quarter, { bits: 8 })
    new DataView(rle.buffer).setUint32(30, 1, true)
    await expect(engines.convert('image', bmpFile, rle, '/-/format/png/')).rejects.toThrow(
      /uncompressed BMPs only \(this one has compression 1\)/,
    )
  })
})
