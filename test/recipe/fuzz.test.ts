import { describe, expect, it } from 'vitest'
import { parseRecipe, recipeOperations, serializeRecipe } from '../../src/recipe/index.js'
import { example, kinds } from './support.js'

/** A small seeded PRNG (mulberry32), so failures reproduce. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

const pieces = [
  '/',
  '/',
  '-',
  '/-/',
  '~',
  '~~',
  '~s',
  'x',
  '%25',
  '%',
  ' ',
  '\n',
  '0',
  '9',
  '50',
  '-3',
  'p',
  ',',
  ':',
  '.',
  'format',
  'webp',
  'resize',
  'thumbs',
  'thumbs~4',
  'crop',
  'true',
  'center',
  'size',
  '640x360',
  'é',
  '💥',
  '__proto__',
  'constructor',
]

/** Valid recipes, one per catalogue operation, to mutate. */
const valid = kinds.flatMap((kind) =>
  recipeOperations[kind].map((spec) => ({
    kind,
    text: serializeRecipe({ kind, operations: [{ name: spec.name, args: spec.args.map(example) }] }),
  })),
)

describe('parseRecipe fuzz', () => {
  it('never throws, keeps issues inside the text, and its recipe serializes to a fixed point', () => {
    const random = prng(20240601)
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T
    for (let i = 0; i < 4000; i++) {
      let kind = pick(kinds)
      let text: string
      if (i % 2) {
        const base = pick(valid)
        kind = base.kind
        const chars = [...base.text]
        for (let m = 1 + Math.floor(random() * 3); m > 0; m--) {
          chars.splice(Math.floor(random() * chars.length), Math.floor(random() * 3), pick(pieces))
        }
        text = chars.join('')
      } else {
        text = Array.from({ length: Math.floor(random() * 14) }, () => pick(pieces)).join('')
      }
      const label = JSON.stringify([kind, text])
      const first = parseRecipe(kind, text)
      const canonical = serializeRecipe(first.recipe)
      const again = parseRecipe(kind, canonical)
      expect(again.recipe, label).toEqual(first.recipe)
      expect(serializeRecipe(again.recipe), label).toBe(canonical)
      // The same problems, but for how `thumbs/N` is written: its canonical form is `thumbs~N`.
      const slashed = (i: { message: string }) => !i.message.startsWith('Write thumbs~')
      expect(
        again.issues.map((i) => i.key),
        label,
      ).toEqual(first.issues.filter(slashed).map((i) => i.key))
      for (const issue of first.issues) {
        expect(issue.position, label).toBeGreaterThanOrEqual(0)
        expect(issue.position + issue.length, label).toBeLessThanOrEqual(text.length)
        expect(issue.message, label).toMatch(/\.$/)
      }
    }
  })
})
