import { describe, expect, it } from 'vitest'
import {
  type ConversionKind,
  parseRecipe,
  type RecipeArgSpec,
  recipeOperations,
  serializeRecipe,
  validateRecipe,
} from '../../src/index.ts'

const kinds: ConversionKind[] = ['image', 'video', 'document', 'remove_bg']

/** A valid value for an argument spec. */
function example(spec: RecipeArgSpec): string {
  switch (spec.type) {
    case 'enum':
      return spec.values.at(-1)!
    case 'integer':
      return String(spec.step ? spec.step : spec.max)
    case 'size':
      return spec.divisibleBy ? '640x360' : spec.percent ? '50px40p' : '800x600'
    case 'color':
      return 'ff00aa'
    case 'align':
      return 'center'
    case 'point':
      return '10,20p'
    case 'time':
      return spec.allowEnd ? 'end' : '0:01:30.500'
    case 'cropSize':
      return '4:3'
    case 'boolean':
      return 'true'
    case 'length':
      return '30px'
    case 'text':
      return 'Hello~sworld'
  }
}

describe('recipe catalogue round trip', () => {
  for (const kind of kinds) {
    for (const spec of recipeOperations[kind]) {
      it(`${kind} ${spec.name}: every argument, then only the required ones`, () => {
        for (const args of [spec.args, spec.args.filter((a) => !a.optional)]) {
          const recipe = { kind, operations: [{ name: spec.name, args: args.map(example) }] }
          const text = serializeRecipe(recipe)
          const parsed = parseRecipe(kind, text)
          expect(parsed.issues, text).toEqual([])
          expect(parsed.recipe).toEqual(recipe)
          expect(serializeRecipe(parsed.recipe)).toBe(text)
        }
      })
    }
  }
})

describe('parseRecipe', () => {
  it.each([
    ['image', '/-/format/webp/-/quality/smart/-/resize/800x/'],
    ['video', '/format/webm/-/size/640x360/preserve_ratio/-/quality/better/-/thumbs~4/'],
    ['document', '/format/pdf/'],
    ['document', '/format/png/-/page/2/'],
    ['remove_bg', '/crop/true/-/position/center/-/type/product/'],
  ] as const)('reads the canonical %s example %s and writes it back unchanged', (kind, text) => {
    const { recipe, issues } = parseRecipe(kind, text)
    expect(issues).toEqual([])
    expect(serializeRecipe(recipe)).toBe(text)
  })

  it('reads the image form with or without the leading /-/ and without slashes at the ends', () => {
    const canonical = '/-/format/webp/-/resize/800x/'
    for (const text of [
      '/-/format/webp/-/resize/800x/',
      '/format/webp/-/resize/800x/',
      'format/webp/-/resize/800x',
      '-/format/webp/-/resize/800x',
    ]) {
      const { recipe, issues } = parseRecipe('image', text)
      expect(issues, text).toEqual([])
      expect(serializeRecipe(recipe)).toBe(canonical)
    }
  })

  it('reads URL-encoded percent as p in image recipes', () => {
    expect(serializeRecipe(parseRecipe('image', '/-/border_radius/50%25/').recipe)).toBe(
      '/-/border_radius/50p/',
    )
    expect(serializeRecipe(parseRecipe('remove_bg', '/scale/80%25/').recipe)).toBe('/scale/80%/')
  })

  it('reports an unknown operation with its position', () => {
    const text = '/-/format/webp/-/explode/now/'
    const { issues, recipe } = parseRecipe('image', text)
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({
      key: 'unknownOperation',
      operationIndex: 1,
      values: { name: 'explode' },
    })
    expect(text.slice(issues[0]!.position, issues[0]!.position + issues[0]!.length)).toBe('explode/now')
    expect(issues[0]!.message).toBe('Unknown image operation "explode".')
    expect(recipe.operations[1]).toEqual({ name: 'explode', args: ['now'] }) // kept, so text round-trips
  })

  it.each([
    ['brightness', -100, 100],
    ['contrast', -100, 500],
    ['gamma', 0, 1000],
    ['blur', 0, 5000],
    ['sharp', 0, 20],
    ['zoom_objects', 1, 100],
  ])('checks the range of %s at its boundaries', (name, min, max) => {
    const at = (v: number) => parseRecipe('image', `/-/${name}/${v}/`).issues.map((i) => i.key)
    expect(at(min)).toEqual([])
    expect(at(max)).toEqual([])
    expect(at(min - 1)).toEqual(['outOfRange'])
    expect(at(max + 1)).toEqual(['outOfRange'])
    expect(parseRecipe('image', `/-/${name}/${max + 1}/`).issues[0]!.message).toBe(
      `${name === 'zoom_objects' ? 'zoom' : name === 'blur' || name === 'sharp' ? 'strength' : 'value'} must be between ${min} and ${max} (got ${max + 1}).`,
    )
  })

  it.each([
    ['image', '/-/resize/', 'missingArgument'],
    ['image', '/-/format/webp/png/', 'tooManyArguments'],
    ['image', '/-/format/bmp/', 'invalidValue'],
    ['image', '/-/resize/x/', 'invalidValue'],
    ['image', '/-/rotate/45/', 'invalidValue'],
    ['image', '/-/setfill/red/', 'invalidValue'],
    ['image', '/-/crop/0x10/', 'invalidValue'],
    ['video', '/size/641x360/', 'invalidValue'],
    ['video', '/thumbs~51/', 'outOfRange'],
    ['video', '/cut/abc/end/', 'invalidValue'],
    ['document', '/page/0/', 'outOfRange'],
    ['remove_bg', '/crop/yes/', 'invalidValue'],
    ['remove_bg', '/crop/true/-/crop/false/', 'duplicateOperation'],
    ['video', '', 'empty'],
    ['image', '/-/', 'empty'],
  ] as const)('%s %s → %s', (kind, text, key) => {
    expect(parseRecipe(kind, text).issues.map((i) => i.key)).toContain(key)
  })

  it('never throws, and always gives a recipe that serializes and reads back the same (fuzz)', () => {
    let seed = 42
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const alphabet = [
      '/',
      '-',
      '~',
      'x',
      '%25',
      '%',
      ' ',
      '0',
      '9',
      'p',
      ',',
      ':',
      'format',
      'webp',
      'resize',
      'thumbs',
      '\u00e9',
      '\n',
      '..',
    ]
    const valid = ['/-/format/webp/-/resize/800x/', '/format/webm/-/thumbs~4/', '/crop/true/']
    for (let i = 0; i < 3000; i++) {
      const kind = kinds[i % 4]!
      let text: string
      if (i % 3 === 0) {
        const base = valid[i % valid.length]!.split('')
        base.splice(
          Math.floor(random() * base.length),
          Math.floor(random() * 3),
          alphabet[Math.floor(random() * alphabet.length)]!,
        )
        text = base.join('')
      } else {
        text = Array.from(
          { length: Math.floor(random() * 12) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join('')
      }
      const first = parseRecipe(kind, text)
      const again = parseRecipe(kind, serializeRecipe(first.recipe))
      expect(again.recipe, JSON.stringify(text)).toEqual(first.recipe)
      expect(serializeRecipe(again.recipe)).toBe(serializeRecipe(first.recipe))
      for (const issue of first.issues) {
        expect(issue.position).toBeGreaterThanOrEqual(0)
        expect(issue.position + issue.length).toBeLessThanOrEqual(text.length)
        expect(issue.message.length).toBeGreaterThan(0)
      }
    }
  })
})

describe('validateRecipe', () => {
  const info = {
    formatCurrent: 'png',
    formatsAvailable: ['jpg', 'webp'],
    methodsAvailable: ['image', 'remove_bg'],
  }

  it('accepts formats the file offers', () => {
    expect(validateRecipe(parseRecipe('image', '/-/format/jpeg/').recipe, info)).toEqual([])
    expect(validateRecipe(parseRecipe('image', '/-/format/auto/').recipe, info)).toEqual([])
  })

  it('reports a format the file cannot produce, located in the serialized text', () => {
    const recipe = parseRecipe('image', '/-/resize/100x/-/format/avif/').recipe
    const [issue] = validateRecipe(recipe, info)
    expect(issue).toMatchObject({ key: 'formatUnavailable', operationIndex: 1, values: { format: 'avif' } })
    const text = serializeRecipe(recipe)
    expect(text.slice(issue!.position, issue!.position + issue!.length)).toBe('format/avif')
  })

  it('reports a conversion kind the file does not offer', () => {
    expect(validateRecipe(parseRecipe('video', '/format/webm/').recipe, info).map((i) => i.key)).toEqual([
      'methodUnavailable',
    ])
  })

  it('checks ranges of a recipe built in code', () => {
    expect(
      validateRecipe({ kind: 'image', operations: [{ name: 'brightness', args: ['300'] }] }).map(
        (i) => i.key,
      ),
    ).toEqual(['outOfRange'])
  })
})
