import type { ConversionsInfo } from '../api/types.js'
import { argSlots, checkOperations, issueAt, operationSpec } from './checkOperations.js'
import { locateOperations } from './parseRecipe.js'
import { serializeRecipe } from './serializeRecipe.js'
import type { Recipe, RecipeIssue } from './types.js'

const jpeg = (format: string) => (format === 'jpeg' ? 'jpg' : format === 'jpg' ? 'jpeg' : format)

/**
 * Every problem with a recipe object: grammar and ranges as {@link parseRecipe} reports them,
 * a blank argument the text would fill with the next one (`blankArgument`: `trim` given only a
 * padding), and — given the file's `ConversionsInfo` — a kind the file does not offer
 * (`methodUnavailable`) or a target format it cannot produce (`formatUnavailable`).
 * Positions refer to `serializeRecipe(recipe)`.
 */
export function validateRecipe(recipe: Recipe, info?: ConversionsInfo): RecipeIssue[] {
  const { kind } = recipe
  const text = serializeRecipe(recipe)
  const located = locateOperations(kind, text)
  const issues = checkOperations(kind, located, text.length)
  // The text leaves blank arguments out, so a value after a blank one can read as that one:
  // `trim` with a padding and no tolerance is `trim/50/`, a tolerance of 50.
  recipe.operations.forEach(({ name, args }, index) => {
    const spec = operationSpec(kind, name)
    if (!spec) return
    const values = args.map((a) => a.trim())
    const given = values.filter(Boolean)
    const meant = argSlots(spec.args, values).filter((_, i) => values[i])
    const read = argSlots(spec.args, given)
    const k = read.findIndex((slot, i) => slot !== meant[i])
    const arg = spec.args[read[k]!]?.name
    if (arg)
      issues.push(
        issueAt(
          index,
          located[index]!.span,
          'blankArgument',
          `${name}: give ${arg} too, or ${given[k]} reads as ${arg}.`,
          {
            name,
            arg,
            value: given[k]!,
          },
        ),
      )
  })
  if (!info) return issues
  if (!info.methodsAvailable.includes(kind)) {
    issues.push(
      issueAt(
        -1,
        { at: 0, length: text.length },
        'methodUnavailable',
        `No ${kind} conversion is available for this file.`,
        {
          kind,
        },
      ),
    )
    return issues
  }
  if (kind === 'remove_bg') return issues
  const allowed = new Set([...info.formatsAvailable, info.formatCurrent, 'auto', 'preserve'])
  located.forEach(({ operation, span, args }, index) => {
    const format = operation.args[0]
    if (operation.name !== 'format' || !format || allowed.has(format) || allowed.has(jpeg(format))) return
    issues.push(
      // `arg`: the format input is the one marked invalid.
      issueAt(index, args[0] ?? span, 'formatUnavailable', `This file cannot be converted to ${format}.`, {
        format,
        arg: 'format',
      }),
    )
  })
  return issues
}
