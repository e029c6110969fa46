// Lists follow creation order, also for records made within the same millisecond (a seed, a
// burst of uploads): a story's or a test's page 3 is the same at every run.
import { describe, expect, it } from 'vitest'
import { createFileServiceEmulator, createManualClock } from '../../src/testing/index.ts'

async function list(emulator: ReturnType<typeof createFileServiceEmulator>, what: 'files' | 'groups') {
  const answer = await emulator.fetch(
    new Request(`http://x/api/v1/projects/demo/${what}.json?items=100`, {
      headers: { Authorization: `Bearer ${emulator.secretKey}` },
    }),
  )
  return (await answer.json()).data.map((r: { id: string }) => r.id)
}

describe('emulator lists', () => {
  it('keep the order records were made in, within one millisecond too', async () => {
    // The clock stands still: every record is made in the same millisecond.
    const clock = createManualClock()
    const emulator = createFileServiceEmulator({ clock })
    const { files } = await emulator.seed({
      files: Array.from({ length: 30 }, (_, i) => ({ name: `${i}.png` })),
    })
    const { groups } = await emulator.seed({ groups: files.slice(0, 10).map((f) => ({ fileIds: [f.id] })) })
    expect(await list(emulator, 'files')).toEqual(files.map((f) => f.id))
    expect(await list(emulator, 'groups')).toEqual(groups.map((g) => g.id))
    // Uploaded no earlier than made.
    const answer = await emulator.fetch(
      new Request('http://x/api/v1/projects/demo/files.json?items=100', {
        headers: { Authorization: `Bearer ${emulator.secretKey}` },
      }),
    )
    for (const { attributes: a } of (await answer.json()).data as { attributes: Record<string, string> }[])
      expect(a.uploaded_at! >= a.created_at!, `uploaded ${a.uploaded_at} before made ${a.created_at}`).toBe(
        true,
      )
    // Made later, listed after, though the clock still stands.
    const more = await emulator.seed({ files: [{ name: 'late.png' }] })
    expect((await list(emulator, 'files')).at(-1)).toBe(more.files[0]!.id)
  })
})
