'use client'
import { type MutationFilters, useMutationState, useQuery } from '@tanstack/react-query'
import { type ComponentProps, type RefObject, useEffect, useId, useRef, useState } from 'react'
import type { ConversionKind, ConversionsInfo, FileResource } from '../../api/types.js'
import { fileServiceKeys } from '../../hooks/fileServiceKeys.js'
import { convertKey, useConvert } from '../../hooks/mutations.js'
import type { PollingOptions } from '../../hooks/policy.js'
import { useConversions, usePollingTimeout } from '../../hooks/queries.js'
import { fileQueryOptions } from '../../hooks/queryOptions.js'
import { useFileService } from '../../provider/context.js'
import {
  formatMessage,
  type RecipeMessageKey,
  recipeMessages,
  stateMessages,
  statusMessages,
} from '../../provider/messages.js'
import { type RecipeOperationSpec, recipeOperations } from '../../recipe/catalogue.js'
import { argSlots } from '../../recipe/checkOperations.js'
import { parseRecipe } from '../../recipe/parseRecipe.js'
import { hasUnpairedTilde } from '../../recipe/recipeText.js'
import { serializeRecipe } from '../../recipe/serializeRecipe.js'
import type { Recipe, RecipeIssue, RecipeOperation } from '../../recipe/types.js'
import { validateRecipe } from '../../recipe/validateRecipe.js'
import { CheckAgain } from '../shared/CheckAgain.js'
import { copyText } from '../shared/copyText.js'
import { cx } from '../shared/cx.js'
import { errorText } from '../shared/errorText.js'
import { formatNumber } from '../shared/format.js'
import { QueryState, useStaysForbidden, viewState } from '../shared/QueryState.js'
import { statusText } from '../shared/statusText.js'
import { useAnnouncement } from '../shared/useAnnouncement.js'
import { useControllableState } from '../shared/useControllableState.js'
import { useFailedAlert } from '../shared/useFailedAlert.js'
import { useFocusAfterRender } from '../shared/useFocusAfterRender.js'
import { useLatest } from '../shared/useLatest.js'
import { useOnline } from '../shared/useOnline.js'
import { useText } from '../shared/useText.js'
import { waitingText } from '../shared/waitingText.js'
import { withRef } from '../shared/withRef.js'
import { ArgInput, initialArg } from './ArgInput.js'
import { PasteBox } from './PasteBox.js'

const strings = { ...stateMessages, ...recipeMessages, ...statusMessages }

/**
 * Props of {@link RecipeBuilder}; other props go to the root `div` (not a `form`: the builder may
 * sit in the host's own form, and Convert submits nothing; `onConverted` tells of a conversion).
 */
export interface RecipeBuilderProps
  extends Omit<ComponentProps<'div'>, 'children' | 'onSubmit' | 'defaultValue'> {
  /** The file to convert. */
  fileId: string
  /** The recipe (controlled). */
  value?: Recipe | undefined
  /** The starting recipe (uncontrolled). @default an empty recipe of the first method the file offers */
  defaultValue?: Recipe | undefined
  /** Called with every change. */
  onValueChange?: ((recipe: Recipe) => void) | undefined
  /**
   * Called with the new file once the conversion is started (also one answered while the builder
   * was hidden or after it unmounted); the builder then follows it to ready.
   */
  onConverted?: ((file: FileResource) => void) | undefined
  /** Pause after an edit before the image preview follows it and its problems show, in ms. @default 400 */
  previewDelay?: number | undefined
  /** How the converted file is followed; after `maxWait` it says "still processing" with a check-again button. */
  polling?: PollingOptions | undefined
}

const kinds: ConversionKind[] = ['image', 'remove_bg', 'video', 'document']
/** Enum values a file can produce, for the `format` operation. */
const formatValues = (kind: ConversionKind, info: ConversionsInfo | undefined, values: readonly string[]) => {
  if (!info || kind === 'remove_bg') return undefined
  const offered = new Set([...info.formatsAvailable, info.formatCurrent, 'auto', 'preserve'])
  return values.filter((v) => offered.has(v === 'jpeg' ? 'jpg' : v))
}

/** A converted file, followed until it is ready or failed. */
function useConversion(file: FileResource, polling: PollingOptions | undefined) {
  const ctx = useFileService()
  const query = useQuery(fileQueryOptions(ctx, file.id, polling), ctx.queryClient)
  return { query, ...usePollingTimeout(fileServiceKeys.file(ctx, file.id), polling?.maxWait) }
}

type ConversionProps = {
  file: FileResource
  polling: PollingOptions | undefined
  /** The result line: "Check again" and "Try again" vanish once pressed and hand it the keyboard. */
  line: RefObject<HTMLParagraphElement | null>
}

/** The converted file's status line, in the builder's live region; says what its checks wait for. */
function ConversionLine({ file, polling, line }: ConversionProps) {
  const t = useText(strings)
  const { query, timedOut } = useConversion(file, polling)
  const current = query.data ?? file
  // A check held offline, tried again or failed: the status shown may be behind.
  const waiting = waitingText(query, t)
  return (
    <p
      ref={line}
      tabIndex={-1}
      data-slot="conversion-result"
      data-status={current.status}
      data-timed-out={timedOut || undefined}
    >
      {t('recipe.result', { id: current.id, status: statusText(current.status, t) })}
      {timedOut && ` ${t('stillProcessing')}`}
      {waiting && ` · ${waiting}`}
    </p>
  )
}

/**
 * After `maxWait`, or a failed check of the converted file, offers to check again; a failed check
 * is said in an alert of its own, outside the live region (not read out twice).
 */
function ConversionProblems({ file, polling, line }: ConversionProps) {
  const t = useText(strings)
  const { query, timedOut, restart } = useConversion(file, polling)
  const failed = useFailedAlert(file.id, [query])
  return (
    <>
      {/* A failed check: a 4xx stops the polling (see pollInterval), so it is asked again on request. */}
      {failed.shown && <p role="alert">{t('refreshFailed', { message: errorText(query.error, t) })}</p>}
      {timedOut ? (
        <CheckAgain onCheck={restart} focusTo={line} />
      ) : (
        failed.shown && <CheckAgain label="retry" onCheck={failed.retry} focusTo={line} />
      )}
    </>
  )
}

/**
 * Builds a conversion recipe for one file from the methods and formats it offers, with the
 * canonical recipe string (copy or paste), inline validation, a live image preview, and Convert
 * (also Enter in an argument's field). Its root is a `div`, not a `form`: it may sit in a host's form.
 */
export const RecipeBuilder = withRef(function RecipeBuilder({
  fileId,
  value,
  defaultValue,
  onValueChange,
  onConverted,
  previewDelay = 400,
  polling,
  className,
  ...rest
}: RecipeBuilderProps) {
  const t = useText(strings)
  const ctx = useFileService()
  const info = useConversions(fileId)
  const methods = kinds.filter((k) => info.data?.methodsAvailable.includes(k))
  const [recipe, setRecipe] = useControllableState<Recipe>(
    value,
    defaultValue ?? { kind: 'image', operations: [] },
    onValueChange,
  )
  const kind = methods.includes(recipe.kind) || !methods.length ? recipe.kind : methods[0]!
  const current: Recipe = kind === recipe.kind ? recipe : { kind, operations: [] }
  const catalogue = recipeOperations[kind]
  const specOf = (name: string) => catalogue.find((s) => s.name === name)
  const [adding, setAdding] = useState(catalogue[0]?.name ?? '')
  // null until a copy is tried; then whether the clipboard took it.
  const [copied, setCopied] = useState<boolean | null>(null)
  const shownText = useRef<HTMLOutputElement>(null)
  // A result, or a refusal, belongs to the file it was asked for: a host that shows one builder
  // for whichever file is picked must not show it under the next one.
  const [converted, setConverted] = useState(() => new Map<string, FileResource>())
  const convert = useConvert(kind)
  // This file's conversions (under this token: the key has its scope), whichever the hook last
  // started (the host may have picked another file meanwhile, and come back).
  const ofThisFile: MutationFilters = {
    mutationKey: convertKey(ctx),
    predicate: ({ state }) => (state.variables as { fileId: string } | undefined)?.fileId === fileId,
  }
  // The latest one: its "Starting…", offline wait or refusal.
  const sent = useMutationState({ filters: ofThisFile, select: (m) => m.state }, ctx.queryClient).at(-1)
  const converting = sent?.status === 'pending'
  // …and to the token it was asked with: the next user of the page does not see it.
  const asked = `${ctx.scope} ${fileId}`
  const result = converted.get(asked)
  const resultLine = useRef<HTMLParagraphElement>(null)
  // The answer lands renders later: it tells the host's latest onConverted.
  const onConvertedLatest = useLatest(onConverted)
  const ids = useId()
  // Each conversion's recipe, kept when another is chosen: Chromium changes a closed select at
  // each arrow key, and going through the list must not lose what was built.
  const recipes = useRef<Partial<Record<ConversionKind, Recipe>>>({})

  // The inputs keep arguments in their places (an optional one may be blank); what is shown,
  // checked and sent is the canonical recipe, where blanks are left out (see sendableArgs).
  const slotted = current.operations.map((op) => {
    const spec = specOf(op.name)
    return { spec, given: spec ? slotValues(spec, op) : [] }
  })
  const sendable: Recipe = {
    kind,
    operations: current.operations.map((op, i) => {
      const { spec, given } = slotted[i]!
      return spec ? { name: op.name, args: sendableArgs(spec, given) } : op
    }),
  }
  const canonical = parseRecipe(kind, serializeRecipe(sendable)).recipe
  const text = serializeRecipe(canonical)
  // The text of `text/WxH/X,Y/<text>`: typed as plain text (see ArgInput).
  const isText = (op: RecipeOperation | undefined, arg: string) =>
    kind === 'image' && op?.name === 'text' && arg === 'text'
  // An empty recipe simply can't be submitted yet: not worth an alert.
  const issues = validateRecipe(sendable, info.data).filter((issue) => issue.key !== 'empty')
  const update = (operations: Recipe['operations']) => {
    setCopied(null)
    setRecipe({ kind, operations })
  }
  // Adding, moving and removing an operation announce it and keep the keyboard where the user
  // was: on the same button of the moved operation, on a neighbour's remove button (or the add
  // select when none is left), on the first input of an added operation.
  const [announcement, setAnnouncement] = useAnnouncement()
  const operationList = useRef<HTMLOListElement>(null)
  const addSelect = useRef<HTMLSelectElement>(null)
  const focusAfter = useFocusAfterRender(
    (target: { index: number; control: 'up' | 'down' | 'remove' | 'first' }) => {
      const row = operationList.current?.children[target.index]
      const controls =
        target.control === 'first'
          ? ['input, select, button']
          : [
              `[data-control="${target.control}"]`,
              '[data-control="up"]',
              '[data-control="down"]',
              '[data-control="remove"]',
            ]
      const button = controls
        .map((selector) => row?.querySelector<HTMLElement>(`${selector}:not(:disabled)`))
        .find(Boolean)
      return button ?? addSelect.current
    },
  )

  // The preview follows the recipe after a pause in editing, and only a valid one: a recipe
  // fixed within the pause must not ask the CDN for the invalid one meanwhile. Its problems
  // show after the pause too: typing 180 must not raise an alert for 1 and for 18 on the way.
  const valid = !issues.length
  const [previewText, setPreviewText] = useState(valid ? text : '')
  const [checked, setChecked] = useState(text)
  const shown = checked === text ? issues : []
  // Which preview URL finished loading, and how: the state belongs to that URL only, so a new
  // URL reads as loading until its own load or error event (the old picture may still show).
  // It also belongs to the network state: offline a preview can't load (and the caption says
  // so, not "no preview for this recipe"), and back online a new image element loads it again.
  const online = useOnline()
  const [settled, setSettled] = useState<{ url: string | null; ok: boolean; online: boolean } | null>(null)
  useEffect(() => {
    const timer = setTimeout(() => {
      setChecked(text)
      if (valid) setPreviewText(text)
    }, previewDelay)
    return () => clearTimeout(timer)
  }, [text, valid, previewDelay])
  // No preview: null; one that can't be written as a URL: '' (a lone surrogate, half an emoji,
  // makes encodeURI throw: the builder says there is no preview instead of vanishing in render).
  let previewUrl: string | null = null
  if (kind === 'image' && valid)
    try {
      // The image text starts with its own `/-/`: the preview is the first operation, the recipe
      // follows, URL-encoded (a `text` operation may hold a space, `%`, `#` or `?`).
      previewUrl = `${ctx.cdnUrl}/${encodeURIComponent(fileId)}/-/preview/400x400${encodeURI(previewText || '/').replace(/[#?]/g, encodeURIComponent)}`
    } catch {
      previewUrl = ''
    }
  const preview =
    previewUrl === ''
      ? 'error'
      : settled?.url !== previewUrl || settled.online !== online
        ? 'loading'
        : settled.ok
          ? 'ready'
          : 'error'
  const previewImage = useRef<HTMLImageElement>(null)
  useEffect(() => {
    // An image from server HTML may have loaded (or failed) before hydration: no event will come.
    const image = previewImage.current
    if (image?.complete)
      setSettled({ url: image.getAttribute('src'), ok: image.naturalWidth > 0, online: true })
  }, [])

  const state = useStaysForbidden(
    viewState(info, methods.length === 0),
    info,
    fileServiceKeys.conversions(ctx, fileId),
  )
  if (state !== 'ready') {
    // The same root element in every state, so a ref and the host's props hold from the start.
    return (
      <div
        {...rest}
        data-slot="recipe-builder"
        data-state={state}
        className={cx('fk-root fk-recipe-builder', className)}
      >
        <QueryState state={state} query={info} emptyText={t('recipe.noMethods')} needsSecretKey />
      </div>
    )
  }

  // Catalogue labels, argument names and the checks' problems are English unless the host's
  // `messages` has `recipe.op.*`, `recipe.arg.*` or `recipe.issue.*` for them.
  const own = (key: RecipeMessageKey, english: string, values?: Record<string, string | number>) => {
    const template = ctx.messages[key]
    return template
      ? formatMessage(template, values, (value) => formatNumber(value, ctx.locale), ctx.locale)
      : english
  }
  const label = (name: string) => own(`recipe.op.${name}`, specOf(name)?.label ?? name)
  const argLabel = (name: string) => own(`recipe.arg.${name}`, name)
  const problems = (list: RecipeIssue[]) =>
    list
      .map((i) => {
        const { name, arg } = i.values
        // A translated problem names the operation and argument as the host's messages do.
        const labels = {
          ...(name && { opLabel: label(String(name)) }),
          ...(arg && { argLabel: argLabel(String(arg)) }),
        }
        // The plain-text field's own problems, said without the recipe's escapes, which nobody
        // typing into it sees: a text of "-" alone can't be written (it separates operations;
        // UPSTREAM has no escape for it), and a "~" given by the host or pasted not as ~~, ~s or
        // ~n is read by no one (the field shows it as typed; an edit writes it as ~~).
        const { value } = i.values
        if (i.key === 'invalidValue' && isText(current.operations[i.operationIndex], String(arg))) {
          if (value === '-') return t('recipe.loneDash')
          if (hasUnpairedTilde(String(value))) return t('recipe.strayTilde')
        }
        return own(`recipe.issue.${i.key}`, i.message, { ...i.values, ...labels })
      })
      .join(' ')
  const issuesOf = (index: number) => shown.filter((i) => i.operationIndex === index)
  const move = (from: number, to: number, control: 'up' | 'down') => {
    focusAfter({ index: to, control })
    setAnnouncement(
      t('recipe.moved', {
        name: label(current.operations[from]!.name),
        position: to + 1,
        count: current.operations.length,
      }),
    )
    update(swap(current.operations, from, to))
  }
  // Convert, pressed or by Enter in an argument's field. The root is no <form>: inside a host's
  // form (a product form with a recipe field) a nested form's submit goes no further than it in
  // Chromium, so React never heard it and the page navigated away with the host's form.
  const startConversion = () => {
    // Convert is disabled then (Enter too). One conversion of a file at a time: a double click
    // lands before the render that says "Starting…" (TanStack tells of the first a task later);
    // the cache knows at once.
    if (!valid || !current.operations.length || ctx.queryClient.isMutating(ofThisFile)) return
    // The host hears of every conversion started, also one that was answered while the
    // builder was hidden by an <Activity> (TanStack calls a mutate() call's own callbacks
    // only while someone listens). A refusal shows through the hook's state.
    convert.mutateAsync({ fileId, recipe: canonical }).then(
      (file) => {
        setConverted((all) => new Map(all).set(asked, file))
        onConvertedLatest.current?.(file)
      },
      () => {},
    )
  }
  return (
    <div
      {...rest}
      data-slot="recipe-builder"
      data-state="ready"
      data-kind={kind}
      className={cx('fk-root fk-recipe-builder', className)}
    >
      <label>
        {t('recipe.kind')}{' '}
        <select
          data-focus-landing
          value={kind}
          onChange={(e) => {
            const next = e.target.value as ConversionKind
            recipes.current[kind] = current
            setRecipe(recipes.current[next] ?? { kind: next, operations: [] })
          }}
        >
          {methods.map((k) => (
            <option key={k} value={k}>
              {t(`recipe.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('recipe.operations')}</legend>
        {current.operations.length === 0 ? (
          <p>{t('recipe.none')}</p>
        ) : (
          <ol
            data-slot="recipe-operations"
            ref={operationList}
            // Enter in a field converts, as it did when the builder was a form (Chromium submits
            // from a text, number or checkbox field; not from a colour one); and it never
            // submits a host's form around the builder.
            onKeyDown={(e) => {
              const field = e.target as HTMLInputElement
              // Not the Enter that ends an IME composition (Safari says so only by keyCode 229).
              if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.keyCode === 229) return
              if (field.tagName !== 'INPUT' || field.type === 'color') return
              e.preventDefault()
              startConversion()
            }}
          >
            {current.operations.map((op, index) => {
              const { spec, given } = slotted[index]!
              const opIssues = issuesOf(index)
              const errorId = `${ids}-op-${index}`
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: operations may repeat; their position is their identity
                  key={index}
                  data-slot="recipe-operation"
                  data-invalid={opIssues.length > 0 || undefined}
                >
                  <strong>{label(op.name)}</strong>{' '}
                  {spec?.args.map((arg, a) => (
                    <ArgInput
                      key={arg.name}
                      spec={arg}
                      label={t('recipe.argument', {
                        operation: label(op.name),
                        argument: argLabel(arg.name),
                      })}
                      value={given[a]!}
                      // The operation's problems are read with each of its inputs; an input
                      // they name is marked invalid.
                      invalid={opIssues.some((issue) => issue.values.arg === arg.name)}
                      plain={isText(op, arg.name)}
                      describedBy={opIssues.length ? errorId : undefined}
                      values={
                        op.name === 'format' && arg.type === 'enum'
                          ? formatValues(kind, info.data, arg.values)
                          : undefined
                      }
                      onChange={(next) => {
                        const args = given.map((v, i) => (i === a ? next : v))
                        // Trailing empty optional arguments are left out of the recipe.
                        while (args.length && args.at(-1) === '') args.pop()
                        update(current.operations.map((o, i) => (i === index ? { ...o, args } : o)))
                      }}
                    />
                  ))}{' '}
                  <button
                    type="button"
                    className="fk-button"
                    aria-label={t('recipe.moveUp', { name: label(op.name) })}
                    data-control="up"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'up')}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="fk-button"
                    aria-label={t('recipe.moveDown', { name: label(op.name) })}
                    data-control="down"
                    disabled={index === current.operations.length - 1}
                    onClick={() => move(index, index + 1, 'down')}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="fk-button"
                    aria-label={t('recipe.remove', { name: label(op.name) })}
                    data-control="remove"
                    onClick={() => {
                      const left = current.operations.filter((_, i) => i !== index)
                      // None left (index -1): the add select takes the focus.
                      focusAfter({ index: Math.min(index, left.length - 1), control: 'remove' })
                      setAnnouncement(t('recipe.removed', { name: label(op.name) }))
                      update(left)
                    }}
                  >
                    ×
                  </button>
                  {opIssues.length > 0 && (
                    <span id={errorId} role="alert" data-slot="recipe-issue">
                      {problems(opIssues)}
                    </span>
                  )}
                </li>
              )
            })}
          </ol>
        )}
        <label>
          {t('recipe.add')}{' '}
          <select ref={addSelect} value={adding} onChange={(e) => setAdding(e.target.value)}>
            {catalogue.map((s) => (
              <option key={s.name} value={s.name}>
                {label(s.name)}
              </option>
            ))}
          </select>
        </label>{' '}
        <button
          type="button"
          className="fk-button"
          onClick={() => {
            const spec = specOf(adding) ?? catalogue[0]!
            const args = spec.args
              .map((a) =>
                initialArg(
                  a,
                  spec.name === 'format' && a.type === 'enum'
                    ? formatValues(kind, info.data, a.values)
                    : undefined,
                ),
              )
              .filter((v, i, all) => v !== '' || all.slice(i).some((x) => x !== ''))
            focusAfter({ index: current.operations.length, control: 'first' })
            setAnnouncement(t('recipe.added', { name: label(spec.name) }))
            update([...current.operations, { name: spec.name, args }])
          }}
        >
          {t('recipe.addButton')}
        </button>
      </fieldset>
      <p role="status" data-slot="announcer">
        {announcement}
      </p>
      {shown.some((i) => i.operationIndex === -1) && <p role="alert">{problems(issuesOf(-1))}</p>}
      <p>
        <label>
          {t('recipe.text')} {/* Not live (an <output> is): it changes with every key typed in any input. */}
          {/* Recipes read left to right, on a right-to-left page too: there, the slashes at
              either end would be drawn on the other side. */}
          <output ref={shownText} data-slot="recipe-text" aria-live="off" dir="ltr">
            {text || '—'}
          </output>
        </label>{' '}
        <button
          type="button"
          className="fk-button"
          disabled={!text}
          onClick={() => void copyText(text, shownText.current).then(setCopied)}
        >
          {copied ? t('recipe.copied') : t('recipe.copy')}
        </button>
        {/* Live regions are there before their text: one that appears with it is not read by
            every screen reader. */}
        <span role="status" data-slot="copy-status">
          {copied === false && t('recipe.copyFailed')}
        </span>
      </p>
      <PasteBox
        kind={kind}
        problems={problems}
        onPaste={(pasted) => {
          update(pasted.operations)
          setAnnouncement(t('recipe.pasted', { recipe: serializeRecipe(pasted) }))
        }}
      />
      {previewUrl !== null && (
        <figure data-slot="recipe-preview" data-state={preview}>
          {previewUrl && (
            <img
              key={String(online)}
              ref={previewImage}
              src={previewUrl}
              alt={t('recipe.preview')}
              onLoad={() => setSettled({ url: previewUrl, ok: true, online })}
              onError={() => setSettled({ url: previewUrl, ok: false, online })}
            />
          )}
          <figcaption>
            {preview === 'loading' ? t('recipe.previewLoading') : preview === 'ready' && t('recipe.preview')}
            {/* Only a preview that can't be shown is said: "Updating preview…" and "Preview" would be
                read out after every edit. */}
            <span role="status">
              {preview === 'error' && t(online || !previewUrl ? 'recipe.previewError' : 'offline')}
            </span>
          </figcaption>
        </figure>
      )}
      <button
        type="button"
        className="fk-button fk-button-primary"
        onClick={startConversion}
        disabled={!valid || !current.operations.length}
        // Not `disabled` while converting (startConversion is guarded): Chromium would drop the focus
        // of a disabled button to the page body.
        aria-disabled={converting || undefined}
      >
        {converting ? t('recipe.converting') : t('recipe.convert')}
      </button>{' '}
      {/* TanStack holds a conversion started offline until the network is back: say so. */}
      <span role="status" data-slot="convert-status">
        {sent?.isPaused && t('offline')}
      </span>
      {sent?.error && <p role="alert">{errorText(sent.error, t)}</p>}
      <div role="status" data-slot="conversion-status">
        {result && <ConversionLine file={result} polling={polling} line={resultLine} />}
      </div>
      {result && <ConversionProblems file={result} polling={polling} line={resultLine} />}
    </div>
  )
})

/**
 * An operation's values by argument, blank where none is given: a pasted `scale_crop/WxH/center`
 * has its `center` in the align input, not in the type select.
 */
function slotValues(spec: RecipeOperationSpec, { args }: RecipeOperation): string[] {
  const slots = argSlots(spec.args, args)
  return spec.args.map((_, i) => args[slots.indexOf(i)] ?? '')
}

/**
 * The values to write: the text leaves blanks out, so a value after a blank one would read as
 * that one. Such a blank takes its default when it has one (a blur's strength, before an
 * amount); else `validateRecipe` says what to fill in (a trim's tolerance, before a padding).
 */
function sendableArgs(spec: RecipeOperationSpec, values: string[]): string[] {
  const args = [...values]
  for (;;) {
    const at = args.flatMap((v, i) => (v ? [i] : []))
    const read = argSlots(
      spec.args,
      at.map((i) => args[i]!),
    )
    const k = read.findIndex((slot, n) => slot !== at[n])
    const blank = spec.args[read[k]!]
    if (k < 0 || blank?.type !== 'integer' || blank.default === undefined) return args
    args[read[k]!] = String(blank.default)
  }
}

function swap<T>(list: readonly T[], a: number, b: number): T[] {
  const next = [...list]
  ;[next[a], next[b]] = [next[b]!, next[a]!]
  return next
}
