import { render } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { FileServiceProvider, tokenKind, tokenScope } from '../../src/index.ts'

it('warns once, without the key, when a secret key is used in a browser; never for access tokens', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error')
  render(<FileServiceProvider baseUrl="http://x.test" projectId="p" token="gat-AAAAAAAAAAAAAAAAAAAAAA" />)
  render(<FileServiceProvider baseUrl="http://x.test" projectId="p" token="fat-AAAAAAAAAAAAAAAAAAAAAA" />)
  // Pasted with a space before it: still a group's token (the service skips the space).
  render(<FileServiceProvider baseUrl="http://x.test" projectId="p" token=" gat-AAAAAAAAAAAAAAAAAAAAAA" />)
  expect(warn).not.toHaveBeenCalled()
  render(<FileServiceProvider baseUrl="http://x.test" projectId="p" token="sk_live_very_secret" />)
  render(<FileServiceProvider baseUrl="http://x.test" projectId="p" token="sk_live_very_secret" />)
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0]![0])).toMatch(/secret key/i)
  expect(String(warn.mock.calls[0]![0])).not.toContain('sk_live_very_secret')
  expect(error).not.toHaveBeenCalled()
  vi.restoreAllMocks()
})

it('names token kinds and scopes without the token', () => {
  expect(tokenKind(undefined)).toBe('anonymous')
  expect(tokenKind('gat-x')).toBe('group')
  expect(tokenKind('fat-x')).toBe('file')
  expect(tokenKind(' gat-x')).toBe('group')
  expect(tokenScope('  fat-x')).toMatch(/^file:[0-9a-f]{8}$/)
  expect(tokenKind('anything-else')).toBe('secret')
  expect(tokenScope('gat-abc')).toMatch(/^group:[0-9a-f]{8}$/)
  expect(tokenScope('gat-abc')).not.toBe(tokenScope('gat-abd'))
  expect(tokenScope('')).toMatch(/^anonymous:[0-9a-f]{8}$/)
})
