import type { MessageKey } from '../../provider/messages.js'

const known = new Set(['pending', 'ready', 'processing_error', 'removed'])

/** The message for a resource status; unknown statuses read as still processing. */
export function statusText(
  status: string,
  t: (key: MessageKey, values?: Record<string, string | number>) => string,
) {
  return known.has(status) ? t(`status.${status}` as MessageKey) : t('status.unknown', { status })
}
