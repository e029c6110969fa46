import type { Recipe } from './types.js'

/**
 * A recipe's operations written with its kind's separators (spec/UPSTREAM.md §8), empty
 * arguments left out, no other rewriting: `serializeRecipe` reads this back to make it
 * canonical. Kept apart so the client can send a Recipe object without the parser.
 */
export function recipeString({ kind, operations }: Recipe): string {
  if (!operations.length) return ''
  const segments = operations.map(({ name, args }) => {
    const kept = args.filter((a) => a.trim())
    // Video thumbnails are written `thumbs~N`, not `thumbs/N`.
    return kind === 'video' && name === 'thumbs' && kept.length
      ? [`thumbs~${kept[0]}`, ...kept.slice(1)].join('/')
      : [name, ...kept].join('/')
  })
  return `${kind === 'image' ? '/-/' : '/'}${segments.join('/-/')}/`
}
