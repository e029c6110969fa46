import { locateOperations } from './parseRecipe.js'
import { recipeString } from './recipeString.js'
import type { Recipe } from './types.js'

/**
 * The canonical recipe string (spec/UPSTREAM.md §8): image `/-/format/webp/-/resize/800x/`,
 * video and document `/format/webm/-/thumbs~4/`, remove_bg `/crop/true/-/position/center/`.
 * Empty arguments are left out and percent is written as the kind expects, so the result reads
 * back to the same recipe; an empty recipe is `''`.
 */
export function serializeRecipe(recipe: Recipe): string {
  const { kind } = recipe
  // Reading the plain join back gives the canonical operations (trimmed, `50%25` as `50p`…).
  const operations = locateOperations(kind, recipeString(recipe)).map((item) => item.operation)
  return recipeString({ kind, operations })
}
