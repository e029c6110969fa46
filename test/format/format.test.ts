import { describe, expect, it } from 'vitest'
import { FileServiceError } from '../../src/api/errors.ts'
import { errorText } from '../../src/components/shared/errorText.ts'
import { formatDate, formatPercent, formatSize } from '../../src/components/shared/format.ts'
import { formatMessage, stateMessages } from '../../src/provider/messages.ts'

describe('formatSize', () => {
  it('says bytes in words and larger sizes in short units', () => {
    expect(formatSize(1, 'en-US')).toBe('1 byte')
    expect(formatSize(988, 'en-US')).toBe('988 bytes')
    expect(formatSize(23_200, 'en-US')).toBe('23.2 kB')
    expect(formatSize(1_250_000, 'en-US')).toBe('1.3 MB')
    expect(formatSize(3_000_000_000_000, 'en-US')).toBe('3,000 GB')
    expect(formatSize(null, 'en-US')).toBe('—')
  })

  it('follows the locale', () => {
    expect(formatSize(988, 'de-DE')).toBe('988 Byte')
    expect(formatSize(23_200, 'de-DE')).toBe('23,2 kB')
  })
})

describe('formatPercent and formatDate', () => {
  it('format through Intl, and show a date they cannot read as it is', () => {
    expect(formatPercent(0.42, 'en-US')).toBe('42%')
    expect(formatDate('2026-11-23T16:35:00Z', 'en-US', 'UTC')).toBe('Nov 23, 2026, 4:35 PM')
    expect(formatDate('not a date', 'en-US', 'UTC')).toBe('not a date')
    expect(formatDate(null)).toBe('—')
  })
})

describe('errorText', () => {
  const t = (key: string, values?: Record<string, string | number>) =>
    formatMessage(stateMessages[key as keyof typeof stateMessages], values)
  const error = (messages: string[]) =>
    new FileServiceError({
      status: 502,
      code: 'server_error',
      messages,
      method: 'GET',
      path: '/api/v1/x.json',
    })

  it("says the service's own messages, never the request line", () => {
    expect(errorText(error(['Storage is down', 'Try later']), t)).toBe('Storage is down Try later')
    expect(errorText(error([]), t)).toBe('The service answered with status 502')
  })

  it('says a network error in one wording, whatever the browser called it', () => {
    expect(errorText(new TypeError('Failed to fetch'), t)).toBe('The service could not be reached')
    expect(errorText(new TypeError('NetworkError when attempting to fetch resource.'), t)).toBe(
      'The service could not be reached',
    )
    expect(errorText(new Error('Something else'), t)).toBe('Something else')
  })
})
