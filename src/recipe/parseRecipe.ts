import type { ConversionKind } from '../api/types.js'
import { type RecipeArgSpec, recipeOperations } from './catalogue.js'
import type { Recipe, RecipeIssue, RecipeIssueKey, RecipeOperation } from './types.js'

const px = '\\d+p?'
const patterns: Partial<Record<RecipeArgSpec['type'], RegExp>> = {
  color: /^[0-9a-f]{6}([0-9a-f]{2})?$/i,
  point: new RegExp(`^-?${px},-?${px}$`),
  boolean: /^(true|false)$/,
  length: /^\d+(\.\d+)?(px|%)?$/,
  text: /^.+$/s,
}
const time = /^(\d+:){0,2}\d+(\.\d+)?$/

/** Why `value` does not fit `spec`, or null when it does. */
function argProblem(spec: RecipeArgSpec, value: string): { key: RecipeIssueKey; message: string } | null {
  const invalid = (expected: string) => ({
    key: 'invalidValue' as const,
    message: `${spec.name} must be ${expected} (got "${value}").`,
  })
  switch (spec.type) {
    case 'enum':
      return spec.values.includes(value) ? null : invalid(`one of ${spec.values.join(', ')}`)
    case 'integer': {
      if (!/^-?\d+$/.test(value)) return invalid('a whole number')
      const v = Number(value)
      if (v < spec.min || v > spec.max) {
        return {
          key: 'outOfRange',
          message: `${spec.name} must be between ${spec.min} and ${spec.max} (got ${v}).`,
        }
      }
      return spec.step && v % spec.step !== 0 ? invalid(`a multiple of ${spec.step}`) : null
    }
    case 'size': {
      const side = spec.percent ? '\\d+p?' : '\\d+'
      const m = new RegExp(`^(${side})?x(${side})?$`).exec(value)
      if (!m || (spec.sides === 'both' ? !(m[1] && m[2]) : !(m[1] || m[2]))) {
        return invalid(spec.sides === 'both' ? 'a size WxH' : 'a size WxH, Wx or xH')
      }
      const bad = [m[1], m[2]].find(
        (s) => s && (Number.parseInt(s, 10) === 0 || (spec.divisibleBy && Number(s) % spec.divisibleBy)),
      )
      return bad
        ? invalid(`sides above 0${spec.divisibleBy ? ` and divisible by ${spec.divisibleBy}` : ''}`)
        : null
    }
    case 'align':
      return spec.keywords.includes(value) || patterns.point!.test(value)
        ? null
        : invalid(`${spec.keywords.join(', ')} or X,Y`)
    case 'time':
      return time.test(value) || (spec.allowEnd && value === 'end')
        ? null
        : invalid(`a time like 1:30.5${spec.allowEnd ? ' or end' : ''}`)
    case 'cropSize':
      return /^(\d+p?x\d+p?|\d+:\d+|face|image)$/.test(value) && !/^0+(p?x|:)|x0+p?$|:0+$/.test(value)
        ? null
        : invalid('WxH, N:M, face or image')
    default:
      return patterns[spec.type]!.test(value) ? null : invalid(`a valid ${spec.type}`)
  }
}

/**
 * Reads a recipe string of a conversion kind (spec/UPSTREAM.md §1–4, §8). Never throws: every
 * problem is an issue with its position. The image form is accepted with or without the
 * leading `/-/`; missing slashes are tolerated; `50%25` reads as `50p` in image recipes.
 */
export function parseRecipe<K extends ConversionKind>(
  kind: K,
  text: string,
): { recipe: Recipe<K>; issues: RecipeIssue[] } {
  const source = String(text)
  const issues: RecipeIssue[] = []
  const operations: RecipeOperation[] = []
  const catalogue = recipeOperations[kind] ?? []
  const seen = new Set<string>()

  // Tokens between slashes with their offsets; a lone `-` separates operations.
  const groups: { value: string; at: number }[][] = [[]]
  let at = 0
  for (const raw of source.split('/')) {
    const value = raw.trim()
    if (value === '-') groups.push([])
    else if (value) groups.at(-1)!.push({ value, at: at + raw.indexOf(value) })
    at += raw.length + 1
  }

  for (const tokens of groups) {
    if (!tokens.length) continue
    const first = tokens[0]!
    const last = tokens.at(-1)!
    const position = first.at
    const length = last.at + last.value.length - position
    const index = operations.length
    const issue = (key: RecipeIssueKey, message: string, values: Record<string, string | number> = {}) =>
      issues.push({ operationIndex: index, position, length, key, values, message })

    let name = first.value
    let args = tokens.slice(1).map((t) => t.value)
    // Only video has the `thumbs~N` form.
    const tilde = kind === 'video' ? /^(\w+)~(.*)$/.exec(name) : null
    if (tilde) {
      name = tilde[1]!
      if (tilde[2]!.trim()) args = [tilde[2]!.trim(), ...args]
    }
    if (kind === 'image') args = args.map((a) => a.replace(/%25|%/g, 'p'))
    else if (kind === 'remove_bg') args = args.map((a) => a.replace(/%25/g, '%'))
    operations.push({ name, args })

    const spec = catalogue.find((s) => s.name === name)
    if (!spec) {
      issue('unknownOperation', `Unknown ${kind} operation "${name}".`, { name })
      continue
    }
    if (kind === 'remove_bg' || kind === 'document' || kind === 'video') {
      if (seen.has(name)) issue('duplicateOperation', `"${name}" is given more than once.`, { name })
      seen.add(name)
    }
    const required = spec.args.filter((a) => !a.optional).length
    if (args.length < required) {
      issue(
        'missingArgument',
        `${name} needs ${required} value${required === 1 ? '' : 's'} (got ${args.length}).`,
        { name, expected: required },
      )
    } else if (args.length > spec.args.length) {
      issue(
        'tooManyArguments',
        `${name} takes at most ${spec.args.length} value${spec.args.length === 1 ? '' : 's'} (got ${args.length}).`,
        {
          name,
          expected: spec.args.length,
        },
      )
    }
    args.forEach((value, i) => {
      const argSpec = spec.args[i]
      const problem = argSpec && argProblem(argSpec, value)
      if (problem) issue(problem.key, problem.message, { name, arg: argSpec.name, value })
    })
  }
  if (!operations.length) {
    issues.push({
      operationIndex: -1,
      position: 0,
      length: source.length,
      key: 'empty',
      values: {},
      message: 'The recipe is empty.',
    })
  }
  return { recipe: { kind, operations }, issues }
}
