import { describe, expect, it } from 'vitest'
import { parseRecipe, recipeOperations, serializeRecipe } from '../../src/recipe/index.js'
import { example, kinds } from './support.js'

describe('recipeOperations', () => {
  for (const kind of kinds) {
    for (const spec of recipeOperations[kind]) {
      it(`${kind} ${spec.name} round-trips with every argument, then with only the required ones`, () => {
        for (const args of [spec.args, spec.args.filter((a) => !a.optional)]) {
          const operation = { name: spec.name, args: args.map(example) }
          // blur_region/faces (the example) takes no position; a WxH region does (UPSTREAM §1c).
          if (spec.name === 'blur_region' && args.length > 1) operation.args[0] = '10x10p'
          // A document recipe always has a format (an image one, for a page).
          const format = { name: 'format', args: ['jpg'] }
          const recipe = {
            kind,
            operations: kind === 'document' && spec.name !== 'format' ? [format, operation] : [operation],
          }
          const text = serializeRecipe(recipe)
          const parsed = parseRecipe(kind, text)
          expect(parsed.issues, text).toEqual([])
          expect(parsed.recipe).toEqual(recipe)
          expect(serializeRecipe(parsed.recipe)).toBe(text)
        }
      })
    }
  }

  it('has unique operation names per kind, English labels and sane ranges', () => {
    for (const kind of kinds) {
      const names = recipeOperations[kind].map((s) => s.name)
      expect(new Set(names).size).toBe(names.length)
      for (const spec of recipeOperations[kind]) {
        expect(spec.label).toMatch(/^[A-Z]/)
        for (const arg of spec.args) {
          if (arg.type === 'integer') expect(arg.min).toBeLessThanOrEqual(arg.max)
          if (arg.type === 'enum') expect(arg.values.length).toBeGreaterThan(0)
        }
      }
    }
  })

  it('lists every filter name of UPSTREAM §1c', () => {
    const filter = recipeOperations.image.find((s) => s.name === 'filter')?.args[0]
    expect(filter?.type === 'enum' && filter.values).toHaveLength(40)
    for (const name of ['adaris', 'zevcen', 'thellassan']) {
      expect(parseRecipe('image', `/-/filter/${name}/50/`).issues).toEqual([])
    }
  })
})
