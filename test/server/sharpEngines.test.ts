import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createSharpEngines } from '../../server/sharpEngines.ts'
import { blankPng, type FileRecord, ProcessingError, subjectPng } from '../../src/testing/index.ts'

const engines = createSharpEngines()
const file = (mime = 'image/png'): FileRecord => ({
  id: 'f-1',
  projectId: 'p',
  uuid: 'u',
  status: 'ready',
  accessToken: 'fat-1',
  isImage: true,
  mime,
  originalName: 'photo.png',
  size: 1,
  metadata: {},
  image: { width: 96, height: 64, format: 'PNG' },
  blobKey: 'f-1',
  sourceUrl: null,
  createdAt: '',
  uploadedAt: '',
  removedAt: null,
  expiresAt: null,
})
const ascii = (d: Uint8Array, from: number, to: number) => new TextDecoder().decode(d.subarray(from, to))

describe('sharp engines', () => {
  it.each([
    ['webp', (d: Uint8Array) => ascii(d, 0, 4) === 'RIFF' && ascii(d, 8, 12) === 'WEBP', 'image/webp'],
    ['jpeg', (d: Uint8Array) => d[0] === 0xff && d[1] === 0xd8, 'image/jpeg'],
    ['avif', (d: Uint8Array) => ascii(d, 4, 12) === 'ftypavif', 'image/avif'],
    ['gif', (d: Uint8Array) => ascii(d, 0, 4) === 'GIF8', 'image/gif'],
  ])('really converts a PNG to %s', async (format, magic, mime) => {
    const out = await engines.convert('image', file(), subjectPng(), `/-/format/${format}/`)
    expect(magic(out.data)).toBe(true)
    expect(out.mime).toBe(mime)
    expect(out.name).toBe(`photo.${format === 'jpeg' ? 'jpg' : format}`)
  })

  it('resizes, keeping the ratio when one side is given, and reports the real size', async () => {
    const out = await engines.convert('image', file(), subjectPng(96, 64), '/-/resize/48x/-/format/png/')
    expect(out.image).toMatchObject({ width: 48, height: 32 })
    const meta = await sharp(out.data).metadata()
    expect([meta.width, meta.height]).toEqual([48, 32])
  })

  it('refuses operations it cannot perform instead of ignoring them', async () => {
    await expect(engines.convert('image', file(), subjectPng(), '/-/overlay/self/')).rejects.toBeInstanceOf(
      ProcessingError,
    )
    await expect(engines.convert('image', file(), subjectPng(), '/-/format/bmp/')).rejects.toBeInstanceOf(
      ProcessingError,
    )
  })

  it('remove_bg: a blank image has no foreground; a subject keeps it and loses the background', async () => {
    await expect(engines.convert('remove_bg', file(), blankPng(), '/crop/true/')).rejects.toThrow(
      /No foreground/,
    )
    const out = await engines.convert('remove_bg', file(), subjectPng(96, 64), '/crop/true/')
    const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true })
    expect(info.channels).toBe(4)
    expect(data[3]).toBe(0) // corner: background, transparent
    const centre = (32 * info.width + 48) * 4
    expect(data[centre + 3]).toBe(255) // the disc stays
  })

  it('offers only the formats it writes', () => {
    expect(engines.imageFormats(file())).toEqual(['avif', 'gif', 'jpg', 'png', 'tiff', 'webp'])
  })

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
