'use client'
import { type ChangeEvent, type KeyboardEvent, useId } from 'react'
import { recipeMessages } from '../../provider/messages.js'
import type { RecipeArgSpec } from '../../recipe/catalogue.js'
import { escapeRecipeText, unescapeRecipeText } from '../../recipe/recipeText.js'
import { focusedIn } from '../shared/focusedIn.js'
import { useText } from '../shared/useText.js'

export interface ArgInputProps {
  spec: RecipeArgSpec
  value: string
  /** Accessible name, e.g. "resize size". */
  label: string
  /** Allowed enum values (e.g. only the formats the file offers). */
  values?: readonly string[] | undefined
  onChange: (value: string) => void
  /** The value is refused (`aria-invalid`). */
  invalid?: boolean | undefined
  /** Id of the operation's problems, read with the input. */
  describedBy?: string | undefined
  /**
   * The text of the `text` operation: shown and typed as plain text (new lines too), kept in the
   * recipe escaped (`/` as `~s`, `~` as `~~`, a new line as `~n`).
   */
  plain?: boolean | undefined
}

/**
 * Recipe text is typed as written: a phone keyboard's capital first letter ("Resize", "Center")
 * or a correction would make it another (refused) value.
 */
export const verbatim = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const

/** The right input for one operation argument: select, number range, size pair, colour, checkbox, text or free text. */
export function ArgInput({
  spec,
  value,
  label,
  values,
  onChange,
  invalid,
  describedBy,
  plain,
}: ArgInputProps) {
  const t = useText(recipeMessages)
  const listId = useId()
  const name = spec.optional ? t('recipe.optionalArgument', { name: label }) : label
  // Every input below: its name, and whether (and why) its value is refused.
  const named = (accessibleName: string) => ({
    ...verbatim,
    'aria-label': accessibleName,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  })
  if (plain) {
    const text = unescapeRecipeText(value)
    return (
      <textarea
        {...named(name)}
        // Words, not recipe values: the phone keyboard may capitalise and correct them.
        autoCapitalize="sentences"
        autoCorrect="on"
        spellCheck
        rows={2}
        value={text}
        onChange={(e) => onChange(escapeRecipeText(e.target.value))}
        // A recipe's values are trimmed (UPSTREAM has no escape for a space): once left, the
        // field shows the text sent, without the spaces at its ends. Not when only the window
        // lost focus (the user switched apps mid-sentence): the field keeps it.
        onBlur={(e) =>
          focusedIn(e.target) !== e.target && text.trim() !== text && onChange(escapeRecipeText(text.trim()))
        }
      />
    )
  }
  switch (spec.type) {
    case 'enum': {
      const offered = values ?? spec.values
      return (
        <select {...named(name)} value={value} onChange={(e) => onChange(e.target.value)}>
          {spec.optional && <option value="" />}
          {/* A refused value (a host's `value`, a format the file does not offer) is shown as it
              is: without its option the select would show the first one, unlike the recipe. */}
          {[...(value && !offered.includes(value) ? [value] : []), ...offered].map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      )
    }
    case 'integer':
      return (
        <input
          {...named(name)}
          {...wholeNumber(value, onChange, spec)}
          placeholder={spec.default === undefined ? undefined : String(spec.default)}
        />
      )
    case 'size': {
      const [w = '', h = ''] = value.split('x')
      const side = (which: 'width' | 'height', current: string) => (
        <input
          {...named(t(which === 'width' ? 'recipe.width' : 'recipe.height', { name }))}
          {...wholeNumber(
            current,
            (next) => {
              const [width, height] = which === 'width' ? [next, h] : [w, next]
              // Both sides cleared: no size (an optional one is left out again), not `x`.
              onChange(width || height ? `${width}x${height}` : '')
            },
            { min: 1, step: spec.divisibleBy, percent: spec.percent },
          )}
        />
      )
      return (
        <span data-slot="size-input">
          {side('width', w)}×{side('height', h)}
        </span>
      )
    }
    case 'color':
      return (
        <input
          type="color"
          {...named(name)}
          value={`#${/^[0-9a-f]{6}/i.test(value) ? value.slice(0, 6) : '000000'}`}
          onChange={(e) => onChange(e.target.value.slice(1))}
        />
      )
    case 'align':
      // A keyword from the list, or an `X,Y` point typed in.
      return (
        <>
          <input
            type="text"
            {...named(name)}
            list={listId}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <datalist id={listId}>
            {spec.keywords.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
        </>
      )
    case 'boolean':
      return (
        <input
          type="checkbox"
          {...named(name)}
          checked={value === 'true'}
          onChange={(e) => onChange(String(e.target.checked))}
        />
      )
    default:
      return <input type="text" {...named(name)} value={value} onChange={(e) => onChange(e.target.value)} />
  }
}

/** Digits and minus signs as typed by an IME (full-width `８００`, `－`) or a word processor (`−`). */
const plainDigits = (text: string) => text.normalize('NFKC').replace(/[\u2212\u2012-\u2015]/g, '-')

/**
 * A whole number's field: text, not `type="number"`, so the recipe gets what was typed. Firefox
 * and Safari let letters into a number input, whose value is then '' (Chromium too for `6e`):
 * the argument silently dropped out of the recipe, with nothing refused and Convert still on.
 * Typed text is checked by the recipe model like any other value. It is a spin button all the
 * same: its range read out, and ↑/↓ step it to the next multiple of `step` within the range (a
 * size side divisible by 4 never becomes 1); a percent side (`50p`) keeps its `p`.
 */
function wholeNumber(
  value: string,
  set: (value: string) => void,
  // An integer argument's spec (its default is where ↑/↓ start from an empty field), or a side's.
  {
    min,
    max,
    step = 1,
    default: start = 0,
    percent,
  }: {
    min: number
    max?: number
    step?: number | undefined
    default?: number
    percent?: boolean | undefined
  },
) {
  const [, digits, unit = ''] = (percent ? /^(-?\d+)(p?)$/ : /^(-?\d+)$/).exec(value) ?? []
  const n = digits === undefined ? undefined : Number(digits)
  const [lo, hi] = [Math.ceil(min / step) * step, Math.floor((max ?? Number.MAX_SAFE_INTEGER) / step) * step]
  const typed = (e: { currentTarget: HTMLInputElement }) => set(plainDigits(e.currentTarget.value))
  return {
    type: 'text',
    // A phone's number pad has neither a minus nor a p.
    inputMode: min < 0 || percent ? undefined : ('numeric' as const),
    role: 'spinbutton',
    'aria-valuemin': min,
    'aria-valuemax': max,
    'aria-valuenow': unit ? undefined : n,
    value,
    // Not mid-composition: an IME's text is replaced once it is committed.
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      (e.nativeEvent as InputEvent).isComposing ? set(e.target.value) : typed(e),
    onCompositionEnd: typed,
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      const up = e.key === 'ArrowUp'
      if (!up && e.key !== 'ArrowDown') return
      e.preventDefault()
      const next =
        n === undefined
          ? Math.ceil(Math.max(start, lo) / step) * step
          : up
            ? (Math.floor(n / step) + 1) * step
            : (Math.ceil(n / step) - 1) * step
      set(`${Math.min(hi, Math.max(lo, next))}${unit}`)
    },
  }
}

/** A sensible starting value for a new argument. */
export function initialArg(spec: RecipeArgSpec, values?: readonly string[]): string {
  if (spec.optional) return ''
  switch (spec.type) {
    case 'enum':
      return (values ?? spec.values)[0] ?? ''
    case 'integer':
      return String(spec.default ?? Math.max(spec.min, Math.min(spec.max, 0)))
    case 'size':
      return spec.divisibleBy ? '640x360' : '800x'
    case 'color':
      return 'ffffff'
    case 'boolean':
      return 'true'
    case 'align':
      return 'center'
    case 'time':
      return spec.allowEnd ? 'end' : '0'
    case 'cropSize':
      return '1:1'
    case 'point':
      return '0,0'
    case 'length':
      return '10px'
    default:
      return ''
  }
}
