import { describe, expect, it } from 'vitest'
import { parseRecipe, serializeRecipe } from '../../src/recipe/index.js'
import { at } from './support.js'

const keys = (kind: Parameters<typeof parseRecipe>[0], text: string) =>
  parseRecipe(kind, text).issues.map((i) => i.key)

describe('parseRecipe', () => {
  it.each([
    ['image', '/-/format/webp/-/quality/smart/-/resize/800x/'],
    ['video', '/format/webm/-/size/640x360/preserve_ratio/-/quality/better/-/thumbs~4/'],
    ['document', '/format/pdf/'],
    ['document', '/format/png/-/page/2/'],
    ['remove_bg', '/crop/true/-/position/center/-/type/product/'],
  ] as const)('reads the UPSTREAM §8 %s example %s and writes it back unchanged', (kind, text) => {
    const { recipe, issues } = parseRecipe(kind, text)
    expect(issues).toEqual([])
    expect(serializeRecipe(recipe)).toBe(text)
  })

  it('reads operations and thumbs~N as a name with arguments', () => {
    expect(parseRecipe('video', '/size/640x360/preserve_ratio/-/thumbs~4/').recipe).toEqual({
      kind: 'video',
      operations: [
        { name: 'size', args: ['640x360', 'preserve_ratio'] },
        { name: 'thumbs', args: ['4'] },
      ],
    })
    expect(parseRecipe('remove_bg', '/crop/true/-/position/center/').recipe.operations).toEqual([
      { name: 'crop', args: ['true'] },
      { name: 'position', args: ['center'] },
    ])
  })

  it.each([
    '/-/format/webp/-/resize/800x/',
    '/format/webp/-/resize/800x/',
    'format/webp/-/resize/800x',
    '-/format/webp/-/resize/800x/',
    '/-/format/webp/-/resize/800x',
    ' /-/ format /webp/-/resize/800x/ ',
  ])('reads the image form %j with or without /-/ and slashes at the ends', (text) => {
    const { recipe, issues } = parseRecipe('image', text)
    expect(issues).toEqual([])
    expect(serializeRecipe(recipe)).toBe('/-/format/webp/-/resize/800x/')
  })

  it('tolerates missing slashes for the other kinds', () => {
    expect(serializeRecipe(parseRecipe('video', 'format/webm/-/thumbs~4').recipe)).toBe(
      '/format/webm/-/thumbs~4/',
    )
    expect(serializeRecipe(parseRecipe('remove_bg', 'crop/true').recipe)).toBe('/crop/true/')
  })

  it('reads URL-encoded percent as p in image recipes and as % for remove_bg', () => {
    expect(parseRecipe('image', '/-/border_radius/50%25/').recipe.operations[0]?.args).toEqual(['50p'])
    expect(serializeRecipe(parseRecipe('image', '/-/crop/50%25x50%/center/').recipe)).toBe(
      '/-/crop/50px50p/center/',
    )
    expect(serializeRecipe(parseRecipe('remove_bg', '/scale/80%25/').recipe)).toBe('/scale/80%/')
    // The text of a text operation is not a size.
    expect(parseRecipe('image', '/-/text/50px50p/0,0/100%25/').recipe.operations[0]?.args[2]).toBe('100%25')
  })

  it('lets values skip optional arguments they do not fit', () => {
    expect(keys('image', '/-/scale_crop/300x200/center/')).toEqual([])
    expect(keys('image', '/-/scale_crop/300x200/smart_faces/50p,50p/')).toEqual([])
    expect(keys('image', '/-/crop/face/4:3/center/')).toEqual([])
    expect(keys('image', '/-/crop/image/50px40p/')).toEqual([])
    expect(keys('image', '/-/crop/4:3/center/')).toEqual([])
    expect(keys('image', '/-/blur_region/10x10/5,5/')).toEqual([])
    expect(keys('image', '/-/font/bold/24/000000/Noto/')).toEqual([])
    expect(keys('image', '/-/blur_region/faces/50/')).toEqual([])
    expect(keys('image', '/-/overlay/self/50px50p/center/50p/')).toEqual([])
  })

  it('accepts what UPSTREAM allows of scale_crop, blur_region, colours and remove_bg scale and position', () => {
    for (const text of [
      '/-/scale_crop/100x100/center/',
      '/-/scale_crop/100x100/smart/0p,100p/',
      '/-/blur_region/faces/50/',
      '/-/blur_region/10x10/5,5/50/',
      '/-/setfill/ff0000/',
      '/-/rect/ff000080/10x10/0,0/',
      '/-/font/bold/24/ff000080/',
      '/-/text_box/fill/00000080/10/',
      '/-/crop/100x100/top/-/crop/100x100/10,20/',
    ])
      expect(keys('image', text), text).toEqual([])
    for (const text of [
      '/scale/10%/',
      '/scale/80%/',
      '/scale/100%/',
      '/scale/80%25/',
      '/scale/original/',
      '/position/0%/',
      '/position/100% 0%/',
      '/position/50%25 20%25/',
      '/position/original/',
      '/crop_margin/30px/',
    ])
      expect(keys('remove_bg', text), text).toEqual([])
  })

  it('reports an unknown operation with the position of its segment, and keeps it', () => {
    const text = '/-/format/webp/-/explode/now/'
    const { issues, recipe } = parseRecipe('image', text)
    expect(issues).toEqual([
      {
        key: 'unknownOperation',
        operationIndex: 1,
        position: 17,
        length: 11,
        values: { name: 'explode' },
        message: 'Unknown image operation "explode".',
      },
    ])
    expect(at(text, issues[0])).toBe('explode/now')
    expect(serializeRecipe(recipe)).toBe(text)
  })

  it('points value issues at the value, thumbs~N included', () => {
    const text = '/format/webm/-/thumbs~51/'
    const [issue] = parseRecipe('video', text).issues
    expect(issue).toMatchObject({
      key: 'outOfRange',
      operationIndex: 1,
      values: { min: 1, max: 50, value: 51 }, // numbers, as the locale writes them in a translation
    })
    expect(at(text, issue)).toBe('51')
    const image = '/-/resize/800x/-/brightness/150/'
    const [bright] = parseRecipe('image', image).issues
    expect(at(image, bright)).toBe('150')
    expect(bright?.message).toBe('value must be between -100 and 100 (got 150).')
  })

  it.each([
    ['image', 'brightness', -100, 100],
    ['image', 'exposure', -500, 500],
    ['image', 'gamma', 0, 1000],
    ['image', 'contrast', -100, 500],
    ['image', 'saturation', -100, 500],
    ['image', 'vibrance', -100, 500],
    ['image', 'warmth', -100, 100],
    ['image', 'enhance', 0, 100],
    ['image', 'blur', 0, 5000],
    ['image', 'sharp', 0, 20],
    ['image', 'zoom_objects', 1, 100],
    ['video', 'thumbs', 1, 50],
    ['document', 'page', 1, 100000],
  ] as const)('checks the range of %s %s at its boundaries', (kind, name, min, max) => {
    // A document's page needs an image format (spec/UPSTREAM.md §3).
    const text = (v: number) =>
      kind === 'video' ? `/thumbs~${v}/` : `${kind === 'document' ? '/format/png/-' : ''}/${name}/${v}/`
    expect(keys(kind, text(min))).toEqual([])
    expect(keys(kind, text(max))).toEqual([])
    expect(keys(kind, text(min - 1))).toEqual(['outOfRange'])
    expect(keys(kind, text(max + 1))).toEqual(['outOfRange'])
  })

  it('limits the last size named, the output, to 3000 a side or 5000 with format/jpeg (UPSTREAM §1a)', () => {
    const text = '/-/resize/4000x/'
    const [issue, ...rest] = parseRecipe('image', text).issues
    expect(rest).toEqual([])
    expect(issue).toMatchObject({
      key: 'outOfRange',
      operationIndex: 0,
      values: { name: 'resize', arg: 'size', min: 1, max: 3000, value: 4000 },
      message: 'size must be at most 3000 a side in the output, 5000 with format/jpeg (got 4000).',
    })
    expect(at(text, issue)).toBe('4000x')
    expect(parseRecipe('image', '/-/resize/8000x/-/format/jpeg/').issues.map((i) => i.message)).toEqual([
      'size must be at most 5000 a side in the output (got 8000).',
    ])
    // The longer side as written, not as a number too large to write whole (1.2e+21).
    expect(parseRecipe('image', '/-/resize/12x1234567890123456789012/').issues[0]?.message).toBe(
      'size must be at most 3000 a side in the output, 5000 with format/jpeg (got 1234567890123456789012).',
    )
    for (const fits of [
      '/-/resize/3000x3000/',
      '/-/resize/4000x/-/format/jpeg/',
      '/-/format/jpeg/-/smart_resize/5000x5000/',
      // Only the last size is the output's; preview and crop fit the image in a box, never enlarge.
      '/-/resize/4000x/-/resize/1000x/',
      '/-/resize/4000x/-/crop/1000x1000/',
      '/-/preview/4000x4000/',
    ])
      expect(keys('image', fits), fits).toEqual([])
    for (const over of [
      '/-/resize/x3001/',
      '/-/smart_resize/99999999x99999999/',
      '/-/scale_crop/3100x100/center/',
      '/-/resize/100x/-/resize/3100x/',
      '/-/format/jpeg/-/resize/x5001/',
      // The last format is the output's.
      '/-/format/jpeg/-/format/png/-/resize/4000x/',
    ])
      expect(keys('image', over), over).toEqual(['outOfRange'])
  })

  it('checks the filter amount and the unsharp-mask amount', () => {
    expect(keys('image', '/-/filter/adaris/-100/-/filter/adaris/200/')).toEqual([])
    expect(keys('image', '/-/filter/adaris/201/')).toEqual(['outOfRange'])
    expect(keys('image', '/-/blur/100/-200/')).toEqual([])
    expect(keys('image', '/-/blur/100/101/')).toEqual(['outOfRange'])
    expect(keys('image', '/-/blur/5001/')).toEqual(['outOfRange'])
  })

  it.each([
    ['image', '/-/resize/', 'missingArgument', 'resize needs 1 value (got 0).'],
    ['image', '/-/text/10x10/', 'missingArgument', 'text needs 3 values (got 1).'],
    ['video', '/thumbs~/', 'missingArgument', 'thumbs needs 1 value (got 0).'],
    ['image', '/-/format/webp/png/', 'tooManyArguments', 'format has no place for "png".'],
    // Named: the value that has no place (center took crop's last one, the alignment).
    ['image', '/-/crop/50x50/center/top/', 'tooManyArguments', 'crop has no place for "top".'],
    ['image', '/-/flip/x/', 'tooManyArguments', 'flip has no place for "x".'],
    // Video thumbnails are written thumbs~N (spec/UPSTREAM.md §2), not read from thumbs/N.
    ['video', '/format/webm/-/thumbs/4/', 'invalidValue', 'Write thumbs~4, not thumbs/4.'],
    ['video', '/format~webm/', 'unknownOperation', 'Unknown video operation "format~webm".'],
    // An object size is relative to the detected object: only after face or image (§1b).
    [
      'image',
      '/-/crop/50x50/1:1/',
      'invalidValue',
      'crop/50x50 takes no object size ("1:1"): only crop/face and crop/image do.',
    ],
    [
      'image',
      '/-/crop/face/50x50/',
      'invalidValue',
      'crop does not accept "50x50" here (expected objectSize or align).',
    ],
    // A region given as WxH is blurred at X,Y (§1c).
    ['image', '/-/blur_region/10x10/', 'missingArgument', 'blur_region/10x10 needs a position X,Y.'],
    ['image', '/-/blur_region/10x10/50/', 'missingArgument', 'blur_region/10x10 needs a position X,Y.'],
    // The CDN writes no TIFF, though formats_available lists it (spec/UPSTREAM.md §1a).
    [
      'image',
      '/-/format/tiff/',
      'invalidValue',
      'format must be one of jpeg, png, webp, auto, preserve (got "tiff").',
    ],
    ['remove_bg', '/crop/true/false/', 'tooManyArguments', 'crop has no place for "false".'],
    [
      'image',
      '/-/format/bmp/',
      'invalidValue',
      'format must be one of jpeg, png, webp, auto, preserve (got "bmp").',
    ],
    ['image', '/-/resize/x/', 'invalidValue', 'size must be a size WxH, Wx or xH (got "x").'],
    ['image', '/-/rotate/45/', 'invalidValue', 'angle must be a multiple of 90 (got "45").'],
    ['image', '/-/setfill/red/', 'invalidValue', 'color must be RGB hex like ff0000 (got "red").'],
    // setfill is RGB (§1b); font, text_box and rect colours may carry alpha (§1d).
    ['image', '/-/setfill/ff000080/', 'invalidValue', 'color must be RGB hex like ff0000 (got "ff000080").'],
    [
      'image',
      '/-/rect/ff00008/10x10/0,0/',
      'invalidValue',
      'color must be RGB hex like ff0000 or ff000080 with alpha (got "ff00008").',
    ],
    // scale_crop aligns at center or Xp,Yp only (§1b).
    [
      'image',
      '/-/scale_crop/100x100/top/',
      'invalidValue',
      'scale_crop does not accept "top" here (expected type or align).',
    ],
    [
      'image',
      '/-/scale_crop/100x100/smart/10,20/',
      'invalidValue',
      'align must be center or Xp,Yp (got "10,20").',
    ],
    // Faces are found, not placed: blur_region/faces[/<strength>] (§1c).
    [
      'image',
      '/-/blur_region/faces/10,20/',
      'invalidValue',
      'blur_region/faces takes no position ("10,20").',
    ],
    // remove_bg scale is relative to the canvas, 10% to 100% (or remove.bg's original); a
    // position is in the canvas, 0% to 100% (§4).
    ['remove_bg', '/scale/30px/', 'invalidValue', 'scale must be 10% to 100%, or original (got "30px").'],
    ['remove_bg', '/scale/500%/', 'invalidValue', 'scale must be 10% to 100%, or original (got "500%").'],
    ['remove_bg', '/scale/5%/', 'invalidValue', 'scale must be 10% to 100%, or original (got "5%").'],
    [
      'remove_bg',
      '/position/150%/',
      'invalidValue',
      'position must be original, center, N% or "H% V%" from 0% to 100% (got "150%").',
    ],
    ['image', '/-/crop/0x10/', 'invalidValue', 'size must be WxH, N:M, face or image (got "0x10").'],
    ['image', '/-/crop/16:0/', 'invalidValue', 'size must be WxH, N:M, face or image (got "16:0").'],
    ['image', '/-/resize/0x100/', 'invalidValue', 'size must be a size with sides above 0 (got "0x100").'],
    ['image', '/-/scale_crop/10x0/', 'invalidValue', 'size must be a size with sides above 0 (got "10x0").'],
    ['image', '/-/brightness/bright/', 'invalidValue', 'value must be a whole number (got "bright").'],
    [
      'image',
      '/-/text/10x10/0,0/a~b/',
      'invalidValue',
      'text must be text with ~ written ~~, / written ~s and a new line written ~n (got "a~b").',
    ],
    [
      'video',
      '/size/641x360/',
      'invalidValue',
      'size must be a size with sides above 0 and divisible by 4 (got "641x360").',
    ],
    ['video', '/cut/abc/end/', 'invalidValue', 'start must be a time like 1:30.5 (got "abc").'],
    ['document', '/format/jpg/-/page/0/', 'outOfRange', 'page must be between 1 and 100000 (got 0).'],
    // A document is converted to a format, and a page is taken only for jpg or png.
    ['document', '/page/2/', 'missingOperation', 'A document recipe needs a format.'],
    [
      'document',
      '/format/pdf/-/page/2/',
      'invalidValue',
      'page applies only to a jpg or png format, not pdf.',
    ],
    ['remove_bg', '/crop/yes/', 'invalidValue', 'value must be a valid boolean (got "yes").'],
    ['remove_bg', '/roi/1 2 3/', 'invalidValue', 'roi must be x1 y1 x2 y2 in px or % (got "1 2 3").'],
    ['remove_bg', '/crop/true/-/crop/false/', 'duplicateOperation', 'crop is given more than once.'],
    ['video', '/format/mp4/-/format/webm/', 'duplicateOperation', 'format is given more than once.'],
    ['document', '/format/pdf/-/explode/', 'unknownOperation', 'Unknown document operation "explode".'],
    ['video', '', 'empty', 'The recipe is empty.'],
    ['image', '/-/', 'empty', 'The recipe is empty.'],
    ['remove_bg', ' / ', 'empty', 'The recipe is empty.'],
  ] as const)('%s %j → %s', (kind, text, key, message) => {
    const { issues } = parseRecipe(kind, text)
    expect(issues.map((i) => [i.key, i.message])).toEqual([[key, message]])
    for (const issue of issues) {
      expect(issue.position + issue.length).toBeLessThanOrEqual(text.length)
    }
  })

  it('names every argument a value could have been when it fits none', () => {
    const text = '/-/scale_crop/300x200/weird/'
    const [issue] = parseRecipe('image', text).issues
    expect(issue?.message).toBe('scale_crop does not accept "weird" here (expected type or align).')
    expect(at(text, issue)).toBe('weird')
    expect(parseRecipe('image', '/-/font/weird/').issues[0]?.message).toBe(
      'font does not accept "weird" here (expected reset or weight or style or size or color or family).',
    )
    // An out-of-range number stays with its argument rather than sliding to the next one.
    expect(parseRecipe('image', '/-/trim/500/5/').issues.map((i) => i.message)).toEqual([
      'tolerance must be between 0 and 100 (got 500).',
    ])
  })

  it('refuses text that is not well-formed: a lone surrogate cannot be URL-encoded', () => {
    // Half of an emoji: encodeURI throws on it, so no request (or preview URL) can carry it.
    for (const text of ['/-/text/10x10/0,0/Hi\uD83D/', '/-/text/10x10/0,0/\uDE00Hi/']) {
      const { issues } = parseRecipe('image', text)
      expect(
        issues.map((i) => [i.key, i.values.arg]),
        text,
      ).toEqual([['invalidValue', 'text']])
      expect(issues[0]?.message).toMatch(/^text must be well-formed text, not half of an emoji/)
      expect(at(text, issues[0])).toBe(text.split('/')[5])
    }
    expect(keys('image', '/-/text/10x10/0,0/Hi\uD83D\uDE00/')).toEqual([])
  })

  it('reads a whole number of any length: out of range says the range, leading zeros are fine', () => {
    expect(
      parseRecipe('image', '/-/brightness/1234567890123456/').issues.map((i) => [i.key, i.message]),
    ).toEqual([['outOfRange', 'value must be between -100 and 100 (got 1234567890123456).']])
    expect(keys('image', '/-/brightness/0000000000000001/')).toEqual([])
    expect(keys('image', `/-/brightness/-${'9'.repeat(400)}/`)).toEqual(['outOfRange'])
  })

  it('gives the range of a number out of range after a skipped optional argument', () => {
    for (const [text, message] of [
      ['/-/blur_region/faces/6000/', 'strength must be between 0 and 5000 (got 6000).'],
      ['/-/font/bold/2000/', 'size must be between 1 and 1000 (got 2000).'],
      ['/-/text_box/fill/2000/', 'padding must be between 0 and 1000 (got 2000).'],
    ] as const) {
      const [issue, ...rest] = parseRecipe('image', text).issues
      expect(rest, text).toEqual([])
      expect(issue, text).toMatchObject({ key: 'outOfRange', message })
      expect(at(text, issue)).toBe(/(\d+)\/$/.exec(text)?.[1])
    }
  })

  it('reads URL-encoded commas, colons and percent signs in image values', () => {
    for (const [text, canonical] of [
      ['/-/crop/100x100/10%2C20/', '/-/crop/100x100/10,20/'],
      ['/-/crop/100x100/50%252c50%25/', '/-/crop/100x100/50,50p/'],
      ['/-/crop/4%3A3/', '/-/crop/4:3/'],
      ['/-/border_radius/10%25%2C5/', '/-/border_radius/10p,5/'],
    ] as const) {
      const { recipe, issues } = parseRecipe('image', text)
      expect(issues, text).toEqual([])
      expect(serializeRecipe(recipe)).toBe(canonical)
    }
    // Encoded more than once, still a fixed point.
    const twice = parseRecipe('image', '/-/crop/100x100/10%25252C20%2541/').recipe
    expect(parseRecipe('image', serializeRecipe(twice)).recipe).toEqual(twice)
  })

  it('allows an image operation twice (a pipeline)', () => {
    expect(keys('image', '/-/resize/800x/-/resize/x400/')).toEqual([])
  })

  it('never throws on input that is not a string or an unknown kind', () => {
    expect(parseRecipe('image', null as unknown as string).issues.map((i) => i.key)).toEqual(['empty'])
    expect(parseRecipe('image', Object.create(null) as string).issues.map((i) => i.key)).toEqual(['empty'])
    for (const kind of ['__proto__', 'constructor', 'toString', 'gif']) {
      const { issues } = parseRecipe(kind as 'image', '/format/webp/')
      expect(issues.map((i) => i.key)).toEqual(['unknownOperation'])
    }
  })
})
