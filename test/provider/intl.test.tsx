import { render, screen, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { FileList } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()

const shown = (createdAt: string, locale?: string, timeZone?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(createdAt),
  )

async function firstRowText() {
  const table = await screen.findByRole('table')
  return within(table).getAllByRole('row')[1]!.textContent
}

it('shows files with a locale or time zone the browser does not know, in its own, and warns', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error')
  const { files } = await emulator.seed({ files: [{}] })
  // Java's way of writing a locale, and the Windows name of a zone (as a .NET backend gives it):
  // Intl throws on both, and FileList formats a date and a size for each row.
  const { Wrapper } = wrapper({ locale: 'en_US', timeZone: 'Pacific Standard Time' })
  render(<FileList />, { wrapper: Wrapper })
  expect(await firstRowText()).toContain(shown(files[0]!.createdAt!))
  const warned = warn.mock.calls.map(([message]) => String(message))
  expect(warned.some((message) => message.includes('"en_US"'))).toBe(true)
  expect(warned.some((message) => message.includes('"Pacific Standard Time"'))).toBe(true)
  expect(error).not.toHaveBeenCalled()
  vi.restoreAllMocks()
})

it.each([
  ['a locale and a time zone it knows, as they are', { locale: 'de-DE', timeZone: 'Asia/Tokyo' }],
  // An unset environment variable, a blank profile field.
  ['an empty locale or time zone, as unset', { locale: '', timeZone: '' }],
])('takes %s, without a warning', async (_, given) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { files } = await emulator.seed({ files: [{}] })
  const { Wrapper } = wrapper(given)
  render(<FileList />, { wrapper: Wrapper })
  expect(await firstRowText()).toContain(
    shown(files[0]!.createdAt!, given.locale || undefined, given.timeZone || undefined),
  )
  expect(warn).not.toHaveBeenCalled()
  vi.restoreAllMocks()
})
