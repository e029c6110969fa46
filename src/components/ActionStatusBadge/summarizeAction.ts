import type { Action, ActionType } from '../../api/types.js'
import type { badgeMessages } from '../../provider/messages.js'
import { formatPercent } from '../shared/format.js'
import type { Translate } from '../shared/useText.js'

/** Fills in a message of the badge's group (`result.*`); `(key, values) => string` over any key fits. */
type T = Translate<keyof typeof badgeMessages>

/** A one-line, human summary of a finished action's result. */
export function summarizeAction(action: Action<ActionType>, t: T, locale?: string): string | null {
  const result = action.result
  if (!result) return null
  // Whole percents (Intl's default for style percent), through the shared cached formatter.
  const percent = (confidence: number) => formatPercent(confidence / 100, locale)
  if (action.actionType === 'virus_scan') {
    const data = (result as Action<'virus_scan'>['result'])!.data
    return data.infected ? t('result.infected', { name: data.infected_with ?? '?' }) : t('result.clean')
  }
  if (action.actionType === 'moderate') {
    const labels = (result as Action<'moderate'>['result'])!.data.ModerationLabels
    if (!labels.length) return t('result.moderationClean')
    return t('result.moderationFlagged', {
      labels: labels.map((l) => `${l.Name} ${percent(l.Confidence)}`).join(', '),
    })
  }
  const labels = (result as Action<'recognize'>['result'])!.data.Labels
  if (!labels.length) return t('result.noLabels')
  const top = [...labels].sort((a, b) => b.Confidence - a.Confidence).slice(0, 3)
  return t('result.labels', {
    labels: top.map((l) => `${l.Name} ${percent(l.Confidence)}`).join(', '),
  })
}
