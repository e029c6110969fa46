'use client'
import { useFileService } from '../../provider/context.js'
import { defaultMessages, formatMessage, type MessageKey } from '../../provider/messages.js'

/** `t(key, values)`: the provider's message for `key` (or the English default), filled in. */
export function useText() {
  const { messages } = useFileService()
  return (key: MessageKey, values?: Record<string, string | number>) =>
    formatMessage(messages[key] ?? defaultMessages[key], values)
}
