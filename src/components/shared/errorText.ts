import { AuthError, isFileServiceError, RequestRefusedError } from '../../api/errors.js'
import type { ErrorMessageKey } from '../../provider/messages.js'
import type { Translate } from './useText.js'

/** The messages {@link errorText} says errors with. */
export type ErrorTextKey = 'networkError' | 'requestRefused' | 'serviceError' | 'forbidden' | ErrorMessageKey

/**
 * What an error tells the person using the UI: the service's own messages when it sent any
 * ("Group not found"); when it sent none (a proxy's 502 page), its status; for a network error
 * (the browser's own wording differs: "Failed to fetch", "NetworkError…"), that the service could
 * not be reached; for a request the client refused to send, why. A refusal (401/403) says so in
 * the forbidden state's words, whatever the service said ("Unauthorized", or nothing). No answer
 * in time reads as `error.timeout` or, for a write that may have been done, `error.unconfirmed`
 * (both have English defaults).
 * The full `METHOD path failed with status` stays on the error for developers.
 */
export function errorText(error: unknown, t: Translate<ErrorTextKey>): string {
  if (isFileServiceError(error)) {
    // The host's own text for this code (`error.not_found`), else what the service said.
    const { status } = error
    const message = error.messages.join(' ')
    return (
      t(`error.${error.code}` as ErrorMessageKey, { message, status }) ||
      (error instanceof AuthError ? t('forbidden') : message || t('serviceError', { status }))
    )
  }
  // What the client refused to send (a token no header can carry) never reached the network: its reason.
  if (error instanceof RequestRefusedError) return t('requestRefused', { message: error.message })
  if (error instanceof TypeError) return t('networkError')
  return error instanceof Error ? error.message : String(error)
}
