import type { Recipe, RecipeOperation } from './types.js'

function segment(kind: Recipe['kind'], { name, args }: RecipeOperation) {
  // Video thumbnails are written `thumbs~N`, not `thumbs/N`.
  if (kind === 'video' && name === 'thumbs' && args.length)
    return [`thumbs~${args[0]}`, ...args.slice(1)].join('/')
  return [name, ...args].join('/')
}

/**
 * The canonical recipe string (spec/UPSTREAM.md §8): image `/-/op/arg/-/op/`, the other kinds
 * `/op/arg/-/op/`. An empty recipe is `''`.
 */
export function serializeRecipe(recipe: Recipe): string {
  if (!recipe.operations.length) return ''
  const body = recipe.operations.map((op) => segment(recipe.kind, op)).join('/-/')
  return `${recipe.kind === 'image' ? '/-/' : '/'}${body}/`
}
