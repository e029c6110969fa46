import type { ConversionsInfo } from '../api/types.js'
import { argSlots, checkOperations, issueAt, operationSpec } from './checkOperations.js'
import { locateOperations } from './parseRecipe.js'
import { recipeString } from './recipeString.js'
import { serializeRecipe } from './serializeRecipe.js'
import type { Recipe, RecipeIssue, RecipeIssueKey } from './types.js'

// What the text of an operation split by a `/` or a lone `-` says besides: a value missing or
// left over, and the pieces read as other operations (unknown, or one given twice).
const splitKeys: readonly RecipeIssueKey[] = [
  'missingArgument',
  'tooManyArguments',
  'unknownOperation',
  'duplicateOperation',
]

const jpeg = (format: string) => (format === 'jpeg' ? 'jpg' : format === 'jpg' ? 'jpeg' : format)

/**
 * Every problem with a recipe object: grammar and ranges as {@link parseRecipe} reports them,
 * a blank argument the text would fill with the next one (`blankArgument`: `trim` given only a
 * padding), a name or value the text would split into other operations (a `/`, or `-` alone:
 * `unknownOperation`, `invalidValue`), and — given the file's `ConversionsInfo` — a kind the file
 * does not offer (`methodUnavailable`) or a target format it cannot produce (`formatUnavailable`).
 * Positions refer to `serializeRecipe(recipe)`, operation indexes to `recipe.operations`.
 */
export function validateRecipe(recipe: Recipe, info?: ConversionsInfo): RecipeIssue[] {
  const { kind } = recipe
  const text = serializeRecipe(recipe)
  const located = locateOperations(kind, text)
  const issues = checkOperations(kind, located, text.length)
  // The text's operations come from the object's in order, but a blank one is left out and one
  // holding a `/` (or a lone `-`) is split: `owner` says whose each is.
  const pieces = recipe.operations.map((operation) =>
    locateOperations(kind, recipeString({ kind, operations: [operation] })),
  )
  const owner = pieces.flatMap((read, index) => read.map(() => index))
  for (const issue of issues) issue.operationIndex = owner[issue.operationIndex] ?? issue.operationIndex
  recipe.operations.forEach(({ name, args }, index) => {
    const span = located[owner.indexOf(index)]?.span ?? { at: 0, length: 0 }
    const report = (key: RecipeIssueKey, message: string, values: Record<string, string>) =>
      issues.push(issueAt(index, span, key, message, values))
    const spec = operationSpec(kind, name)
    const values = args.map((a) => a.trim())
    const meant = spec ? argSlots(spec.args, values) : []
    // A `/` or a lone `-` would send other operations than the object's.
    const bad = values.findIndex((v) => v.includes('/') || v === '-')
    const arg = spec?.args[meant[bad]!]?.name ?? ''
    const value = values[bad]!
    if (bad >= 0) {
      // What the text then reads (a value missing or left over, other operations) follows from
      // this: said by it alone. The operation's other problems stay.
      for (let i = issues.length; i--; ) {
        const { operationIndex, key } = issues[i]!
        if (operationIndex === index && splitKeys.includes(key)) issues.splice(i, 1)
      }
      report('invalidValue', `${arg} must not hold / or be - alone (got "${value}").`, { name, arg, value })
    }
    // A name the text reads as another (`resize/800x`, `-`, video `thumbs~`).
    else if ((pieces[index]![0]?.operation.name ?? '') !== name.trim())
      report('unknownOperation', `Unknown ${kind} operation "${name}".`, { name })
    else if (spec) {
      // The text leaves blank arguments out, so a value after a blank one can read as that one:
      // `trim` with a padding and no tolerance is `trim/50/`, a tolerance of 50.
      const given = values.filter(Boolean)
      const placed = meant.filter((_, i) => values[i])
      const read = argSlots(spec.args, given)
      const k = read.findIndex((slot, i) => slot !== placed[i])
      const blank = spec.args[read[k]!]?.name
      if (blank)
        report('blankArgument', `${name}: give ${blank} too, or ${given[k]} reads as ${blank}.`, {
          name,
          arg: blank,
          value: given[k]!,
        })
    }
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
      issueAt(
        owner[index]!,
        args[0] ?? span,
        'formatUnavailable',
        `This file cannot be converted to ${format}.`,
        {
          format,
          arg: 'format',
        },
      ),
    )
  })
  return issues
}
