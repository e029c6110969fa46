'use client'
import { useId, useRef, useState } from 'react'
import type { ConversionKind } from '../../api/types.js'
import { recipeMessages } from '../../provider/messages.js'
import { parseRecipe } from '../../recipe/parseRecipe.js'
import type { Recipe, RecipeIssue } from '../../recipe/types.js'
import { useText } from '../shared/useText.js'
import { verbatim } from './ArgInput.js'

export interface PasteBoxProps {
  kind: ConversionKind
  /** Takes a pasted recipe read without problems. */
  onPaste: (recipe: Recipe) => void
  /** The problems of one that can't be read, as the builder words them. */
  problems: (issues: RecipeIssue[]) => string
}

/**
 * The paste field and its button. What is typed there is its own state: a key typed renders only
 * this, not the builder (its recipe, and all its inputs, are unchanged until the recipe is used).
 */
export function PasteBox({ kind, onPaste, problems }: PasteBoxProps) {
  const t = useText(recipeMessages)
  const id = useId()
  const [pasted, setPasted] = useState('')
  const [issues, setIssues] = useState<RecipeIssue[]>([])
  const input = useRef<HTMLInputElement>(null)
  const apply = () => {
    if (!pasted.trim()) return
    const parsed = parseRecipe(kind, pasted)
    setIssues(parsed.issues)
    if (!parsed.issues.length) {
      onPaste(parsed.recipe)
      // The button is disabled with the input emptied: the keyboard goes back to the input.
      input.current?.focus()
      setPasted('')
    }
  }
  return (
    <p>
      <label>
        {t('recipe.paste')}{' '}
        <input
          ref={input}
          type="text"
          dir="ltr"
          {...verbatim}
          enterKeyHint="done"
          aria-invalid={issues.length > 0 || undefined}
          aria-describedby={issues.length ? id : undefined}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          // Enter here uses the pasted recipe: it converts nothing, nor submits a host's form around the builder.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              apply()
            }
          }}
        />
      </label>{' '}
      <button type="button" className="fk-button" disabled={!pasted.trim()} onClick={apply}>
        {t('recipe.apply')}
      </button>
      {issues.length > 0 && (
        <span id={id} role="alert">
          {problems(issues)}
        </span>
      )}
    </p>
  )
}
