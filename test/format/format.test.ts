import { describe, expect, it } from 'vitest'
import { FileServiceError } from '../../src/api/errors.ts'
import type { ActionOfType, ActionType } from '../../src/api/types.ts'
import { summarizeAction } from '../../src/components/ActionStatusBadge/summarizeAction.ts'
import { errorText } from '../../src/components/shared/errorText.ts'
import { formatDate, formatPercent, formatSize } from '../../src/components/shared/format.ts'
import { badgeMessages, formatMessage, stateMessages } from '../../src/provider/messages.ts'

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
  it("follows the computer's time zone when it changes while the page is open", () => {
    const zone = process.env.TZ
    try {
      process.env.TZ = 'Europe/Berlin'
      expect(formatDate('2026-06-01T11:00:00Z', 'en-US')).toBe('Jun 1, 2026, 1:00 PM')
      process.env.TZ = 'America/New_York' // a flight later
      expect(formatDate('2026-06-01T11:00:00Z', 'en-US')).toBe('Jun 1, 2026, 7:00 AM')
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('format through Intl, and show a date they cannot read as it is', () => {
    expect(formatPercent(0.42, 'en-US')).toBe('42%')
    expect(formatDate('2026-11-23T16:35:00Z', 'en-US', 'UTC')).toBe('Nov 23, 2026, 4:35 PM')
    expect(formatDate('not a date', 'en-US', 'UTC')).toBe('not a date')
    expect(formatDate(null)).toBe('—')
  })
})

describe('errorText', () => {
  // As useText: a key with no English entry (the host's `error.<code>`) reads as ''.
  const t = (key: string, values?: Record<string, string | number>) =>
    formatMessage(stateMessages[key as keyof typeof stateMessages] ?? '', values)
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

describe('summarizeAction', () => {
  const t = (key: keyof typeof badgeMessages, values?: Record<string, string | number>) =>
    formatMessage(badgeMessages[key], values)
  const done = <T extends ActionType>(actionType: T, data: unknown): ActionOfType<T> => ({
    id: 'a-1',
    actionType,
    status: 'ready',
    result: { data } as ActionOfType<T>['result'],
    fileId: 'f-1',
    projectId: 'demo',
  })
  const label = (Name: string, Confidence: number) => ({ Name, Confidence })

  it('names the top three labels by confidence, or says there were none', () => {
    const labels = [label('Road', 84.2), label('Car', 99.1), label('Sky', 12), label('Wheel', 91)]
    expect(summarizeAction(done('recognize', { Labels: labels }), t, 'en-US')).toBe(
      'Labels: Car 99%, Wheel 91%, Road 84%',
    )
    expect(summarizeAction(done('recognize', { Labels: [] }), t)).toBe('No labels found')
  })

  it('says a moderation found nothing, or what it flagged', () => {
    expect(summarizeAction(done('moderate', { ModerationLabels: [] }), t)).toBe('Nothing to moderate')
    const flagged = { ModerationLabels: [label('Violence', 87.5), label('Weapons', 60)] }
    expect(summarizeAction(done('moderate', flagged), t, 'de-DE')).toBe(
      // German puts a no-break space before the percent sign.
      'Flagged: Violence 88\u00a0%, Weapons 60\u00a0%',
    )
  })

  it('says a scan is clean, or what it found', () => {
    expect(summarizeAction(done('virus_scan', { infected: false }), t)).toBe('Clean')
    expect(
      summarizeAction(done('virus_scan', { infected: true, infected_with: 'Eicar-Test-Signature' }), t),
    ).toBe('Infected: Eicar-Test-Signature')
    expect(summarizeAction(done('virus_scan', { infected: true }), t)).toBe('Infected: ?')
  })

  it('says nothing while there is no result', () => {
    expect(summarizeAction({ ...done('moderate', {}), status: 'pending', result: null }, t)).toBeNull()
  })
})
