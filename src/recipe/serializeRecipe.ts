import { locateOperations } from './parseRecipe.js'
import type { Recipe, RecipeOperation } from './types.js'

function join(kind: Recipe['kind'], operations: readonly RecipeOperation[]): string {
  if (!operations.length) return ''
  const segments = operations.map(({ name, args }) =>
    // Video thumbnails are written `thumbs~N`, not `thumbs/N`.
    kind === 'video' && name === 'thumbs' && args.length
      ? [`thumbs~${args[0]}`, ...args.slice(1)].join('/')
      : [name, ...args].join('/'),
  )
  return `${kind === 'image' ? '/-/' : '/'}${segments.join('/-/')}/`
}

/**
 * The canonical recipe string (spec/UPSTREAM.md §8): image `/-/format/webp/-/resize/800x/`,
 * video and document `/format/webm/-/thumbs~4/`, remove_bg `/crop/true/-/position/center/`.
 * Empty arguments are left out and percent is written as the kind expects, so the result reads
 * back to the same recipe; an empty recipe is `''`.
 */
export function serializeRecipe(recipe: Recipe): string {
  const operations = recipe.operations.map(({ name, args }) => ({ name, args: args.filter((a) => a.trim()) }))
  // Reading the plain join back gives the canonical operations (trimmed, `50%25` as `50p`…).
  const canonical = locateOperations(recipe.kind, join(recipe.kind, operations)).map((item) => item.operation)
  return join(recipe.kind, canonical)
}
