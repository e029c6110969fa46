import type { ConversionKind } from '../api/types.js'
import { type RecipeArgSpec, type RecipeOperationSpec, recipeOperations } from './catalogue.js'
import type { RecipeIssue, RecipeIssueKey, RecipeOperation } from './types.js'

/** Where a piece of a recipe sits in its text. */
export interface Span {
  at: number
  length: number
}

/** The catalogue's spec of operation `name` of `kind`; none for an unknown kind (`toString` too). */
export const operationSpec = (kind: ConversionKind, name: string) =>
  (Object.hasOwn(recipeOperations, kind) ? recipeOperations[kind] : []).find((s) => s.name === name)

/** An issue of operation `operationIndex` (-1: the whole recipe), located at `span` of the text. */
export const issueAt = (
  operationIndex: number,
  { at, length }: Span,
  key: RecipeIssueKey,
  message: string,
  values: Record<string, string | number> = {},
): RecipeIssue => ({ operationIndex, position: at, length, key, values, message })

/** An operation with the spans of the whole segment and of each argument. */
export interface LocatedOperation {
  operation: RecipeOperation
  span: Span
  args: Span[]
  /** Written `name~value` (video `thumbs~N`). */
  tilde?: boolean
}

type Problem = { key: RecipeIssueKey; message: string; values?: Record<string, number> }

const point = /^-?\d+p?,-?\d+p?$/
const time = /^(\d+:){0,2}\d+(\.\d+)?$/
const patterns = {
  color: /^[0-9a-f]{6}([0-9a-f]{2})?$/i,
  point,
  boolean: /^(true|false)$/,
  length: /^\d+(\.\d+)?(px|%)?$/,
  cropSize: /^(\d+p?x\d+p?|\d+:\d+|face|image)$/,
}
const zeroSide = /^0+p?x|x0+p?$|^0+:|:0+$/

/** Why `value` does not fit `spec`, or null when it does. */
function argProblem(spec: RecipeArgSpec, value: string): Problem | null {
  const invalid = (expected: string): Problem => ({
    key: 'invalidValue',
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
          message: `${spec.name} must be between ${spec.min} and ${spec.max} (got ${value}).`,
          values: { min: spec.min, max: spec.max, value: v },
        }
      }
      return spec.step && v % spec.step !== 0 ? invalid(`a multiple of ${spec.step}`) : null
    }
    case 'size': {
      const side = spec.percent ? '(\\d+p?)' : '(\\d+)'
      const m = new RegExp(`^${side}?x${side}?$`).exec(value)
      if (!m || (spec.sides === 'both' ? !(m[1] && m[2]) : !(m[1] || m[2]))) {
        return invalid(spec.sides === 'both' ? 'a size WxH' : 'a size WxH, Wx or xH')
      }
      const div = spec.divisibleBy ?? 1
      const bad = [m[1], m[2]].some(
        (s) => s && (Number.parseInt(s, 10) === 0 || Number.parseInt(s, 10) % div),
      )
      return bad ? invalid(`a size with sides above 0${div > 1 ? ` and divisible by ${div}` : ''}`) : null
    }
    case 'align':
      return spec.keywords.includes(value) || (spec.percent ? /^\d+p,\d+p$/ : point).test(value)
        ? null
        : invalid(`${spec.keywords.join(', ')} or ${spec.percent ? 'Xp,Yp' : 'X,Y'}`)
    case 'color':
      return patterns.color.test(value) && (spec.alpha !== false || !value[6])
        ? null
        : invalid(`RGB hex like ff0000${spec.alpha === false ? '' : ' or ff000080 with alpha'}`)
    case 'time':
      return time.test(value) || (spec.allowEnd && value === 'end')
        ? null
        : invalid(`a time like 1:30.5${spec.allowEnd ? ' or end' : ''}`)
    case 'text':
      // A lone surrogate (half an emoji) has no URL form: encodeURI throws on it.
      if (/\p{Cs}/u.test(value)) return invalid('well-formed text, not half of an emoji or other character')
      return !spec.pattern || spec.pattern.test(value)
        ? null
        : invalid(spec.hint ?? `like ${spec.pattern.source}`)
    case 'cropSize':
      return patterns.cropSize.test(value) && !zeroSide.test(value)
        ? null
        : invalid('WxH, N:M, face or image')
    default:
      return patterns[spec.type].test(value) ? null : invalid(`a valid ${spec.type}`)
  }
}

const plural = (count: number) => `${count} value${count === 1 ? '' : 's'}`

/**
 * The argument each value stands for, as its index in `specs` (-1 past the last): a value skips
 * optional arguments it does not fit when a later one takes it (`scale_crop/WxH/center`), or else
 * when it is only out of range for a later one (`font/bold/2000` is a size too large); an
 * out-of-range number stays with its argument unless the later one is of another type. A blank
 * value (the RecipeBuilder's inputs keep their places) stands for the argument at its place.
 */
export function argSlots(specs: readonly RecipeArgSpec[], values: readonly string[]): number[] {
  let next = 0
  return values.map((value) => {
    const current = specs[next]
    if (!current) return -1
    const problem = value && argProblem(current, value)
    let fit = 0
    if (problem) {
      for (let k = next + 1; k < specs.length && specs[k - 1]!.optional; k++) {
        const later = argProblem(specs[k]!, value)
        if (!later && (problem.key !== 'outOfRange' || specs[k]!.type !== current.type)) {
          fit = k
          break
        }
        if (!fit && later?.key === 'outOfRange' && problem.key === 'invalidValue') fit = k
      }
    }
    next = (fit || next) + 1
    return next - 1
  })
}

/** Checks one operation's arguments against its spec, calling `report` for each problem. */
function checkArgs(
  spec: RecipeOperationSpec,
  { operation, args }: LocatedOperation,
  report: (
    key: RecipeIssueKey,
    message: string,
    span?: Span,
    values?: Record<string, string | number>,
  ) => void,
) {
  const specs = spec.args
  const { name } = operation
  const slots = argSlots(specs, operation.args)
  let next = 0
  for (const [i, value] of operation.args.entries()) {
    const slot = slots[i]!
    if (slot < 0) {
      report('tooManyArguments', `${name} has no place for "${value}".`, args[i], {
        name,
        expected: specs.length,
        value,
      })
      return
    }
    const current = specs[slot]!
    const problem = argProblem(current, value)
    if (problem) {
      // No later argument took it (it would have moved there): several optional arguments could
      // have, so name them all.
      const candidates = [current]
      for (let k = slot + 1; k < specs.length && specs[k - 1]?.optional; k++) candidates.push(specs[k]!)
      const message =
        problem.key === 'invalidValue' && candidates.length > 1
          ? `${name} does not accept "${value}" here (expected ${candidates.map((c) => c.name).join(' or ')}).`
          : problem.message
      report(problem.key, message, args[i], { name, arg: current.name, value, ...problem.values })
    }
    next = slot + 1
  }
  // The second value depends on the first (UPSTREAM §1b, §1c): only crop/face and crop/image
  // take an object size; blur_region/faces takes no position, a region given as WxH needs one.
  const k = slots.indexOf(1)
  const [first = '', value = ''] = [operation.args[0], operation.args[k]]
  if (name === 'crop' && k > 0 && !/^(face|image)$/.test(first) && !argProblem(specs[1]!, value))
    report(
      'invalidValue',
      `crop/${first} takes no object size ("${value}"): only crop/face and crop/image do.`,
      args[k],
      { name, arg: 'objectSize', value },
    )
  if (name === 'blur_region' && first === 'faces' && k > 0 && !argProblem(specs[1]!, value))
    report('invalidValue', `blur_region/faces takes no position ("${value}").`, args[k], {
      name,
      arg: 'position',
      value,
    })
  if (name === 'blur_region' && first.includes('x') && k < 0)
    report('missingArgument', `blur_region/${first} needs a position X,Y.`, undefined, {
      name,
      expected: 2,
    })
  const required = specs.filter((a) => !a.optional).length
  if (specs.slice(next).some((a) => !a.optional)) {
    report(
      'missingArgument',
      `${name} needs ${plural(required)} (got ${operation.args.length}).`,
      undefined,
      {
        name,
        expected: required,
      },
    )
  }
}

/**
 * Every grammar and range problem of located operations of a kind (spec/UPSTREAM.md §1–4);
 * `empty` spans the whole text of `textLength`.
 */
export function checkOperations(
  kind: ConversionKind,
  located: LocatedOperation[],
  textLength: number,
): RecipeIssue[] {
  const issues: RecipeIssue[] = []
  const push = (...issue: Parameters<typeof issueAt>) => issues.push(issueAt(...issue))
  const whole = { at: 0, length: textLength }
  if (!located.length) push(-1, whole, 'empty', 'The recipe is empty.')
  const seen = new Set<string>()
  let sized: [number, LocatedOperation?, RecipeArgSpec?] = [-1]
  let jpeg = false
  located.forEach((item, index) => {
    const report = (
      key: RecipeIssueKey,
      message: string,
      span = item.span,
      values?: Record<string, string | number>,
    ) => push(index, span, key, message, values)
    const { name } = item.operation
    const spec = operationSpec(kind, name)
    if (!spec) {
      report('unknownOperation', `Unknown ${kind} operation "${name}".`, undefined, { name })
      return
    }
    // `thumbs~N` (UPSTREAM §2): `thumbs/N` is not read as it.
    const [count] = item.operation.args
    if (name === 'thumbs' && kind === 'video' && !item.tilde && count)
      report('invalidValue', `Write thumbs~${count}, not thumbs/${count}.`, undefined, {
        name,
        arg: 'count',
        value: count,
      })
    // An image recipe is a pipeline (resize twice is fine); the other kinds are one set of settings.
    if (kind !== 'image' && seen.has(name)) {
      report('duplicateOperation', `${name} is given more than once.`, undefined, { name })
    }
    seen.add(name)
    checkArgs(spec, item, report)
    const [first] = spec.args
    if (first?.type === 'cropSize' || (first?.type === 'size' && !first.percent)) sized = [index, item, first]
    if (name === 'format') jpeg = count === 'jpeg'
  })
  // UPSTREAM §1a: the last size named is the output's (preview and crop name a box the image is
  // fitted into), at most the catalogue's max, the second with format/jpeg.
  const [at, item, arg] = sized
  const max = arg?.type === 'size' && arg.max?.[+jpeg]
  // The longer side as written (a number of 22 digits would read 1.2e+21).
  const side = (item?.operation.args[0] ?? '').split('x').reduce((a, b) => (+b > +a ? b : a))
  const value = +side
  if (item && max && value > max)
    push(
      at,
      item.args[0]!,
      'outOfRange',
      `${arg.name} must be at most ${max} a side in the output${jpeg ? '' : ', 5000 with format/jpeg'} (got ${side}).`,
      { name: item.operation.name, arg: arg.name, value, min: 1, max },
    )
  // A document is converted to a format (`<uuid>/document/-/format/<target>/`), and a page is
  // taken only for an image target (spec/UPSTREAM.md §3).
  if (kind === 'document' && located.length) {
    const format = located.find((item) => item.operation.name === 'format')?.operation.args[0]
    const page = located.findIndex((item) => item.operation.name === 'page')
    if (!format)
      push(-1, whole, 'missingOperation', 'A document recipe needs a format.', { name: 'format', kind })
    else if (page >= 0 && format !== 'jpg' && format !== 'png')
      push(
        page,
        located[page]!.span,
        'invalidValue',
        `page applies only to a jpg or png format, not ${format}.`,
        {
          name: 'page',
          format,
        },
      )
  }
  return issues
}
