// Every answer carries the CORS headers, errors included (Retry-After readable from another
// origin); a preflight answers 204 with the methods and headers the API takes.
import { describe, expect, it } from 'vitest'
import { createFileServiceEmulator } from '../../src/testing/index.ts'

const emulator = createFileServiceEmulator()
const call = (method: string, path: string, token?: string) =>
  emulator.fetch(
    new Request(`http://x${path}`, {
      method,
      headers: { Origin: 'http://app.test', ...(token && { Authorization: `Bearer ${token}` }) },
    }),
  )

describe('CORS', () => {
  it.each([
    ['an answer', 'GET', '/api/v1/projects/demo/groups.json', emulator.secretKey, 200],
    ['a 401', 'GET', '/api/v1/projects/demo/groups.json', undefined, 401],
    ['an unknown route', 'GET', '/nope', undefined, 404],
    ['a missing file', 'GET', '/api/v1/projects/demo/files/f-missing.json', emulator.secretKey, 404],
  ])('%s has Access-Control-Allow-Origin: *', async (_name, method, path, token, status) => {
    const answer = await call(method, path, token)
    expect(answer.status).toBe(status)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(answer.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After, Date')
  })

  it('answers a preflight', async () => {
    const answer = await call('OPTIONS', '/api/v1/projects/demo/groups/g-1.json')
    expect(answer.status).toBe(204)
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,POST,PUT,DELETE',
      'access-control-allow-headers': 'Authorization,Content-Type',
    })
  })
})
