import type { ConversionsInfo } from '../api/types.js'
import { checkOperations } from './checkOperations.js'
import { locateOperations } from './parseRecipe.js'
import { serializeRecipe } from './serializeRecipe.js'
import type { Recipe, RecipeIssue } from './types.js'

const jpeg = (format: string) => (format === 'jpeg' ? 'jpg' : format === 'jpg' ? 'jpeg' : format)

/**
 * Every problem with a recipe object: grammar and ranges as {@link parseRecipe} reports them,
 * and — given the file's `ConversionsInfo` — a kind the file does not offer
 * (`methodUnavailable`) or a target format it cannot produce (`formatUnavailable`).
 * Positions refer to `serializeRecipe(recipe)`.
 */
export function validateRecipe(recipe: Recipe, info?: ConversionsInfo): RecipeIssue[] {
  const text = serializeRecipe(recipe)
  const located = locateOperations(recipe.kind, text)
  const issues = checkOperations(recipe.kind, located, text.length)
  if (!info) return issues
  if (!info.methodsAvailable.includes(recipe.kind)) {
    issues.push({
      operationIndex: -1,
      position: 0,
      length: text.length,
      key: 'methodUnavailable',
      values: { kind: recipe.kind },
      message: `A ${recipe.kind} conversion is not available for this file.`,
    })
    return issues
  }
  if (recipe.kind === 'remove_bg') return issues
  const allowed = new Set([...info.formatsAvailable, info.formatCurrent, 'auto', 'preserve'])
  located.forEach(({ operation, span, args }, index) => {
    const format = operation.args[0]
    if (operation.name !== 'format' || !format || allowed.has(format) || allowed.has(jpeg(format))) return
    issues.push({
      operationIndex: index,
      position: args[0]?.at ?? span.at,
      length: args[0]?.length ?? span.length,
      key: 'formatUnavailable',
      values: { format },
      message: `This file cannot be converted to ${format}.`,
    })
  })
  return issues
}
