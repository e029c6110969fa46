import { describe, expect, it } from 'vitest'
import { escapeRecipeText, parseRecipe, serializeRecipe, unescapeRecipeText } from '../../src/recipe/index.js'

describe('serializeRecipe', () => {
  it('writes each kind in its UPSTREAM §8 form', () => {
    const ops = [
      { name: 'format', args: ['webm'] },
      { name: 'thumbs', args: ['4'] },
    ]
    expect(serializeRecipe({ kind: 'image', operations: [{ name: 'resize', args: ['800x'] }] })).toBe(
      '/-/resize/800x/',
    )
    expect(serializeRecipe({ kind: 'video', operations: ops })).toBe('/format/webm/-/thumbs~4/')
    expect(serializeRecipe({ kind: 'document', operations: [{ name: 'format', args: ['pdf'] }] })).toBe(
      '/format/pdf/',
    )
    expect(
      serializeRecipe({
        kind: 'remove_bg',
        operations: [
          { name: 'crop', args: ['true'] },
          { name: 'position', args: ['center'] },
        ],
      }),
    ).toBe('/crop/true/-/position/center/')
    expect(serializeRecipe({ kind: 'image', operations: [] })).toBe('')
  })

  it('is canonical for objects built in code: trimmed, blanks left out, percent as p', () => {
    const recipe = {
      kind: 'image' as const,
      operations: [
        { name: ' crop ', args: ['50%x50%', ' ', 'center '] },
        { name: '', args: [] },
      ],
    }
    const text = serializeRecipe(recipe)
    expect(text).toBe('/-/crop/50px50p/center/')
    expect(serializeRecipe(parseRecipe('image', text).recipe)).toBe(text)
  })
})

describe('escapeRecipeText', () => {
  it('escapes ~, / and new lines for the text operation, and reads them back', () => {
    const text = 'a~b/c\nd'
    const escaped = escapeRecipeText(text)
    expect(escaped).toBe('a~~b~sc~nd')
    expect(unescapeRecipeText(escaped)).toBe(text)
    const recipe = `/-/text/100px50p/10,10/${escaped}/`
    expect(parseRecipe('image', recipe).issues).toEqual([])
    expect(unescapeRecipeText(parseRecipe('image', recipe).recipe.operations[0]?.args[2] ?? '')).toBe(text)
  })
})
