import type { ConversionKind } from '../api/types.js'
import { checkOperations, type LocatedOperation } from './checkOperations.js'
import type { Recipe, RecipeIssue } from './types.js'

/** Splits recipe text into operations with their spans, normalising percent signs. */
export function locateOperations(kind: ConversionKind, source: string): LocatedOperation[] {
  // Tokens between slashes with their offsets; a lone `-` separates operations.
  const groups: { value: string; at: number }[][] = [[]]
  let at = 0
  for (const raw of source.split('/')) {
    const value = raw.trim()
    if (value === '-') groups.push([])
    else if (value) groups[groups.length - 1]?.push({ value, at: at + raw.indexOf(value) })
    at += raw.length + 1
  }

  const located: LocatedOperation[] = []
  for (const [first, ...rest] of groups) {
    if (!first) continue
    const last = rest[rest.length - 1] ?? first
    const tokens = rest.map(({ value, at }) => ({ value, span: { at, length: value.length } }))
    let name = first.value
    // Video thumbnails are written `thumbs~N`; the value after `~` is the first argument.
    const tilde = kind === 'video' ? /^(thumbs)~(.*)$/s.exec(name) : null
    if (tilde) {
      name = tilde[1] ?? ''
      const value = (tilde[2] ?? '').trim()
      const offset = first.at + first.value.indexOf('~', name.length) + 1
      if (value)
        tokens.unshift({ value, span: { at: offset, length: first.value.length - (offset - first.at) } })
    }
    // The grammar's `,` `:` and `%` may come URL-encoded (`10%2C20`, `50%25`), even more than once
    // (`%252C` reads as `,` at once, so the canonical text reads back the same); image recipes
    // write percent `p` (but the text of `text` is left alone).
    const args = tokens.map(({ value }, i) =>
      kind === 'image' && !(name === 'text' && i >= 2)
        ? value
            .replace(/%(?:25)*(25|2c|3a)/gi, (_, hex: string) =>
              String.fromCharCode(Number.parseInt(hex, 16)),
            )
            .replace(/(\d)%/g, '$1p')
        : kind === 'remove_bg'
          ? value.replace(/(\d)%25(?!\d)/g, '$1%')
          : value,
    )
    located.push({
      operation: { name, args },
      tilde: !!tilde,
      span: { at: first.at, length: last.at + last.value.length - first.at },
      args: tokens.map((token) => token.span),
    })
  }
  return located
}

/**
 * Reads a recipe string of a conversion kind (spec/UPSTREAM.md §1–4, §8). Never throws: every
 * problem is an issue positioned in `text`, and unknown operations stay in the recipe so it
 * still round-trips. The image form is read with or without the leading `/-/`, slashes at the
 * ends are optional, and in image recipes `50%25` (or `50%`) reads as `50p` and a URL-encoded
 * comma or colon (`10%2C20`) as written.
 *
 * @example
 * ```ts
 * parseRecipe('image', '/-/resize/800x/').recipe
 * // { kind: 'image', operations: [{ name: 'resize', args: ['800x'] }] }
 * ```
 */
export function parseRecipe<K extends ConversionKind>(
  kind: K,
  text: string,
): { recipe: Recipe<K>; issues: RecipeIssue[] } {
  const source = typeof text === 'string' ? text : ''
  const located = locateOperations(kind, source)
  return {
    recipe: { kind, operations: located.map((item) => item.operation) },
    issues: checkOperations(kind, located, source.length),
  }
}
