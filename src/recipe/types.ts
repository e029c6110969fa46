import type { ConversionKind } from '../api/types.js'

/** One operation: `resize/800x` is `{ name: 'resize', args: ['800x'] }`; `thumbs~4` is `{ name: 'thumbs', args: ['4'] }`. */
export interface RecipeOperation {
  name: string
  args: string[]
}

/** A recipe of one conversion kind: operations in order. */
export interface Recipe<K extends ConversionKind = ConversionKind> {
  kind: K
  operations: RecipeOperation[]
}

/**
 * What is wrong: grammar and ranges (`unknownOperation` … `duplicateOperation`, `empty`; a
 * document recipe without a format is `missingOperation`, a page for a non-image format
 * `invalidValue`), or,
 * from `validateRecipe`: a blank argument before a given one (`blankArgument`) and, with a
 * file's conversions info, `formatUnavailable` and `methodUnavailable`.
 */
export type RecipeIssueKey =
  | 'empty'
  | 'unknownOperation'
  | 'missingArgument'
  | 'tooManyArguments'
  | 'invalidValue'
  | 'outOfRange'
  | 'duplicateOperation'
  | 'missingOperation'
  | 'blankArgument'
  | 'formatUnavailable'
  | 'methodUnavailable'

/** A problem with a recipe, located in its text. */
export interface RecipeIssue {
  /** Index of the operation in `recipe.operations` (-1 for the whole recipe). */
  operationIndex: number
  /** Character offset of the offending segment in the text (for an object: in its serialized form). */
  position: number
  /** Length of the offending segment (0 for an empty text). */
  length: number
  /** Stable key for translated messages; `values` fill them in. */
  key: RecipeIssueKey
  /** `name`, `arg`, `value`, `min`, `max`, `expected`, `format` or `kind`, as the key needs. */
  values: Record<string, string | number>
  /** The problem in English. */
  message: string
}
