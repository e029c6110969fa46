import type { Action } from '../../api/types.js'
import type { badgeMessages } from '../../provider/messages.js'
import { formatPercent } from '../shared/format.js'

/**
 * A one-line, human summary of a finished action's result. `t` fills in a message of the badge's
 * group (`result.*`): any `(key, values) => string` over message keys fits, such as
 * `(key, values) => formatMessage(messages[key], values)`.
 */
export function summarizeAction(
  action: Action,
  t: (key: keyof typeof badgeMessages, values?: Record<string, string | number>) => string,
  locale?: string,
): string | null {
  // One read of `result` (smaller than narrowing `action` at each use).
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
