import type { ConversionsInfo } from '../api/types.js'
import { parseRecipe } from './parseRecipe.js'
import { serializeRecipe } from './serializeRecipe.js'
import type { Recipe, RecipeIssue } from './types.js'

/**
 * Every problem with a recipe object: grammar and ranges, and — given the file's
 * `ConversionsInfo` — a kind the file does not offer or a target format it cannot produce.
 * Positions refer to `serializeRecipe(recipe)`.
 */
export function validateRecipe(recipe: Recipe, info?: ConversionsInfo): RecipeIssue[] {
  const text = serializeRecipe(recipe)
  const issues = parseRecipe(recipe.kind, text).issues
  if (!info) return issues
  if (!info.methodsAvailable.includes(recipe.kind)) {
    return issues.concat({
      operationIndex: -1,
      position: 0,
      length: text.length,
      key: 'methodUnavailable',
      values: { kind: recipe.kind },
      message: `A ${recipe.kind} conversion is not available for this file.`,
    })
  }
  const allowed = new Set([...info.formatsAvailable, info.formatCurrent, 'auto', 'preserve'])
  let at = recipe.kind === 'image' ? 3 : 1
  recipe.operations.forEach((op, index) => {
    const length = [op.name, ...op.args].join('/').length
    const format = op.args[0] === 'jpeg' ? 'jpg' : op.args[0]
    if (op.name === 'format' && recipe.kind !== 'remove_bg' && format && !allowed.has(format)) {
      issues.push({
        operationIndex: index,
        position: at,
        length,
        key: 'formatUnavailable',
        values: { format },
        message: `This file cannot be converted to ${format}.`,
      })
    }
    at += length + 3
  })
  return issues
}
