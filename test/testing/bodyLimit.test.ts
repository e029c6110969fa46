// The core measures the bodies it reads itself: a host that passes a body with no
// Content-Length (a stream) gets the same 413 as one that declares its length.
import { describe, expect, it } from 'vitest'
import { createFileServiceEmulator } from '../../src/testing/index.ts'

const emulator = createFileServiceEmulator({ maxUploadBytes: 1000 })
const streamed = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text))
      controller.close()
    },
  })
const post = (path: string, type: string, text: string, declared: boolean) =>
  emulator.fetch(
    new Request(`http://x/api/v1/projects/demo${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${emulator.secretKey}`,
        'Content-Type': type,
        ...(declared && { 'Content-Length': String(new TextEncoder().encode(text).length) }),
      },
      body: declared ? text : streamed(text),
      duplex: 'half',
    } as RequestInit),
  )

describe('body limit', () => {
  it.each([true, false])('a JSON body over the limit is 413 (Content-Length given: %s)', async (declared) => {
    const body = JSON.stringify({ file_ids: ['f-x'], note: 'x'.repeat(1000) })
    const answer = await post('/groups.json', 'application/json', body, declared)
    expect(answer.status).toBe(413)
    expect(await answer.json()).toEqual({
      errors: ['The request body is larger than the limit of 1000 bytes.'],
    })
  })

  it.each([true, false])(
    'a conversion form over the limit is 413 (Content-Length given: %s)',
    async (declared) => {
      const { files } = await emulator.seed({ files: [{}] })
      const form = new URLSearchParams({ recipe: `/-/format/webp/${'-/flip/'.repeat(200)}` }).toString()
      const answer = await post(
        `/files/${files[0]!.id}/conversions/image.json`,
        'application/x-www-form-urlencoded',
        form,
        declared,
      )
      expect(answer.status).toBe(413)
      expect((await answer.json()).errors).toEqual([
        'The request body is larger than the limit of 1000 bytes.',
      ])
    },
  )
})
