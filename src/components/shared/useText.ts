'use client'
import { useFileService } from '../../provider/context.js'
import { type ErrorMessageKey, formatMessage, type MessageKey } from '../../provider/messages.js'
import { formatNumber } from './format.js'

/** Fills in one message: what a component's `t` is. */
export type Translate<K extends MessageKey | ErrorMessageKey = MessageKey> = (
  key: K,
  values?: Record<string, string | number>,
) => string

/**
 * `t(key, values)`: the provider's message for `key`, else the English default from `defaults`
 * (the message groups this component shows; the type allows only their keys), filled in.
 * Numbers in `values` (counts, positions, pages) are written as the provider's `locale` writes them,
 * and a `{count, plural, …}` picks that locale's plural form. An `error.*` key has no English
 * entry (but `error.timeout` and `error.unconfirmed`): unless the host's `messages` has it, it reads as ''.
 */
export function useText<K extends MessageKey>(
  defaults: Readonly<Record<K, string>>,
): Translate<K | ErrorMessageKey> {
  const { messages, locale } = useFileService()
  return (key, values = {}) =>
    formatMessage(
      messages[key] ?? defaults[key as K] ?? '',
      values,
      (value) => formatNumber(value, locale),
      locale,
    )
}
