import { isFileServiceError } from '../../api/errors.js'

/**
 * What an error tells the person using the UI: the service's own messages when it sent any
 * ("Group not found"), otherwise the error's message. The full `METHOD path failed with status`
 * stays on the error object for developers.
 */
export function errorText(error: unknown): string {
  if (isFileServiceError(error) && error.messages.length) return error.messages.join(' ')
  return error instanceof Error ? error.message : String(error)
}
