import { describe, expect, it } from 'vitest'
import type { ConversionsInfo } from '../../src/api/types.js'
import { parseRecipe, serializeRecipe, validateRecipe } from '../../src/recipe/index.js'
import { at } from './support.js'

const info: ConversionsInfo = {
  formatCurrent: 'png',
  formatsAvailable: ['jpg', 'webp'],
  methodsAvailable: ['image', 'remove_bg'],
}

describe('validateRecipe', () => {
  it('accepts formats the file offers, its own format, auto and jpeg for jpg', () => {
    for (const format of ['jpeg', 'webp', 'png', 'auto', 'preserve']) {
      expect(validateRecipe(parseRecipe('image', `/-/format/${format}/`).recipe, info)).toEqual([])
    }
  })

  it('reports a format the file cannot produce, located in the serialized text', () => {
    const recipe = parseRecipe('image', '/-/resize/100x/-/format/webp/').recipe
    const issues = validateRecipe(recipe, { ...info, formatsAvailable: ['jpg'] })
    expect(issues).toEqual([
      {
        key: 'formatUnavailable',
        operationIndex: 1,
        position: 24,
        length: 4,
        values: { format: 'webp', arg: 'format' },
        message: 'This file cannot be converted to webp.',
      },
    ])
    expect(at(serializeRecipe(recipe), issues[0])).toBe('webp')
  })

  it('reports a conversion kind the file does not offer', () => {
    const issues = validateRecipe({ kind: 'video', operations: [{ name: 'format', args: ['webm'] }] }, info)
    expect(issues.map((i) => [i.key, i.message])).toEqual([
      ['methodUnavailable', 'No video conversion is available for this file.'],
    ])
  })

  it('does not check remove_bg params against formats', () => {
    expect(
      validateRecipe({ kind: 'remove_bg', operations: [{ name: 'crop', args: ['true'] }] }, info),
    ).toEqual([])
  })

  it('checks grammar and ranges of a recipe built in code, positioned in its serialized form', () => {
    const recipe = {
      kind: 'image' as const,
      operations: [
        { name: 'resize', args: ['800x'] },
        { name: 'brightness', args: ['300'] },
      ],
    }
    const [issue, ...rest] = validateRecipe(recipe)
    expect(rest).toEqual([])
    expect(issue).toMatchObject({ key: 'outOfRange', operationIndex: 1 })
    expect(at(serializeRecipe(recipe), issue)).toBe('300')
  })

  it('ignores blank optional arguments, as the serialized form leaves them out', () => {
    const recipe = {
      kind: 'image' as const,
      operations: [{ name: 'scale_crop', args: ['300x200', '', 'center'] }],
    }
    expect(serializeRecipe(recipe)).toBe('/-/scale_crop/300x200/center/')
    expect(validateRecipe(recipe)).toEqual([])
  })

  it('reports a blank argument whose place the next value would take in the text', () => {
    // A trim with a padding and no tolerance is written `trim/50/`, which reads as a tolerance.
    const trim = { kind: 'image' as const, operations: [{ name: 'trim', args: ['', '50'] }] }
    expect(serializeRecipe(trim)).toBe('/-/trim/50/')
    const [issue, ...rest] = validateRecipe(trim)
    expect(rest).toEqual([])
    expect(issue).toMatchObject({
      key: 'blankArgument',
      operationIndex: 0,
      values: { name: 'trim', arg: 'tolerance', value: '50' },
      message: 'trim: give tolerance too, or 50 reads as tolerance.',
    })
    expect(at(serializeRecipe(trim), issue)).toBe('trim/50')
    // Blanks that reading leaves where they are are fine: trailing ones, or one the next value
    // can't take (scale_crop above).
    expect(validateRecipe({ kind: 'image', operations: [{ name: 'trim', args: ['5', ''] }] })).toEqual([])
  })

  it('reports a number out of range after blank optional arguments as out of range, not misplaced', () => {
    const font = { kind: 'image' as const, operations: [{ name: 'font', args: ['', 'bold', '', '2000'] }] }
    expect(validateRecipe(font).map((i) => [i.key, i.values.arg])).toEqual([['outOfRange', 'size']])
  })

  it('refuses a value or name the text would split: a / or a lone -, which separate operations', () => {
    const sale = {
      kind: 'image' as const,
      operations: [
        { name: 'text', args: ['10x10', '0,0', 'Sale/-/format/png'] },
        { name: 'brightness', args: ['500'] },
      ],
    }
    // The text sends a second operation, format/png; the object's second one is brightness.
    expect(serializeRecipe(sale)).toBe('/-/text/10x10/0,0/Sale/-/format/png/-/brightness/500/')
    expect(validateRecipe(sale).map((i) => [i.key, i.operationIndex, i.values.arg])).toEqual([
      ['outOfRange', 1, 'value'],
      ['invalidValue', 0, 'text'],
    ])
    expect(validateRecipe(sale)[1]?.message).toBe(
      'text must not hold / or be - alone (got "Sale/-/format/png").',
    )
    // What the text then reads (a value left over, or missing) follows from the split: said once.
    // The operation's own other problems stay.
    const split = (args: string[]) =>
      validateRecipe({ kind: 'image', operations: [{ name: 'text', args }] }).map((i) => [
        i.key,
        i.values.arg,
      ])
    expect(split(['10x10', '0,0', 'a/b'])).toEqual([['invalidValue', 'text']])
    expect(split(['10x10', 'zz', '-'])).toEqual([
      ['invalidValue', 'position'],
      ['invalidValue', 'text'],
    ])
    for (const args of [['/800x'], ['800x/'], [' - '], ['800x/-/format/png']]) {
      const recipe = { kind: 'image' as const, operations: [{ name: 'resize', args }] }
      expect(
        validateRecipe(recipe).filter((i) => i.key === 'invalidValue'),
        args[0],
      ).toMatchObject([
        { operationIndex: 0, values: { name: 'resize', arg: 'size', value: args[0]?.trim() } },
      ])
    }
    for (const [kind, name, args] of [
      ['image', 'resize/800x', []],
      ['image', '-', []],
      ['image', '-', ['flip']],
      ['image', '', ['flip']],
      ['remove_bg', 'crop/true', []],
      ['video', 'thumbs~', ['4']],
    ] as const) {
      // `-` alone sends nothing: the text is also empty.
      const issues = validateRecipe({ kind, operations: [{ name, args: [...args] }] })
      expect(
        issues.filter((i) => i.key !== 'empty').map((i) => [i.key, i.operationIndex, i.message]),
        name,
      ).toEqual([['unknownOperation', 0, `Unknown ${kind} operation "${name}".`]])
    }
  })

  it('names the object operation of each issue when the text leaves a blank one out', () => {
    const blank = { name: '', args: [] }
    const trim = { kind: 'image' as const, operations: [blank, { name: 'trim', args: ['', '50'] }] }
    expect(validateRecipe(trim).map((i) => [i.key, i.operationIndex])).toEqual([['blankArgument', 1]])
    const bright = { kind: 'image' as const, operations: [blank, { name: 'brightness', args: ['500'] }] }
    const [issue] = validateRecipe(bright)
    expect(issue).toMatchObject({ key: 'outOfRange', operationIndex: 1 })
    expect(at(serializeRecipe(bright), issue)).toBe('500')
  })

  it('never throws on an unknown kind, also one named like an object property', () => {
    for (const kind of ['__proto__', 'constructor', 'toString', 'gif']) {
      const recipe = { kind: kind as 'image', operations: [{ name: 'format', args: ['', 'webp'] }] }
      expect(validateRecipe(recipe).map((i) => i.key)).toEqual(['unknownOperation'])
    }
  })

  it('reports an empty recipe', () => {
    expect(validateRecipe({ kind: 'document', operations: [] }).map((i) => i.key)).toEqual(['empty'])
  })
})
