// Request log lines are written together once per turn of the event loop, in order.
import { describe, expect, it } from 'vitest'
import { batchLines } from '../../server/requestLog.ts'

describe('batchLines', () => {
  it('writes the lines of one turn in one write, in order, and nothing when there are none', async () => {
    const writes: string[] = []
    const log = batchLines((text) => writes.push(text))
    log.line('GET /a 200 0.1ms')
    log.line('GET /b 404 0.2ms')
    expect(writes).toEqual([])
    await new Promise((r) => setImmediate(r))
    expect(writes).toEqual(['GET /a 200 0.1ms\nGET /b 404 0.2ms'])
    await new Promise((r) => setImmediate(r))
    log.flush()
    expect(writes).toHaveLength(1)
  })

  it('flush() writes what is waiting at once, and only once', async () => {
    const writes: string[] = []
    const log = batchLines((text) => writes.push(text))
    log.line('GET /a 200 0.1ms')
    log.flush()
    expect(writes).toEqual(['GET /a 200 0.1ms'])
    await new Promise((r) => setImmediate(r))
    expect(writes).toEqual(['GET /a 200 0.1ms'])
  })
})
