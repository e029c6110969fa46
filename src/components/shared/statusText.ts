import type { statusMessages } from '../../provider/messages.js'
import type { Translate } from './useText.js'

const known = new Set(['pending', 'ready', 'processing_error', 'removed'])

/** The message for a resource status; unknown statuses read as still processing. */
export function statusText(status: string, t: Translate<keyof typeof statusMessages>) {
  return known.has(status)
    ? t(`status.${status}` as keyof typeof statusMessages)
    : t('status.unknown', { status })
}
