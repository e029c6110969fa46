// The control routes refuse what they can't do, saying what is wrong, and change nothing then;
// reset() empties the stores a host passed in too.
import { describe, expect, it } from 'vitest'
import { createFileServiceEmulator, createMemoryBlobStore } from '../../src/testing/index.ts'

const emulator = createFileServiceEmulator({ controlRoutes: true })
const control = async (route: string, body: unknown) => {
  const answer = await emulator.fetch(`http://x/__emulator/${route}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${emulator.secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: answer.status, body: await answer.json() }
}
const fileCount = async () =>
  (
    await (
      await emulator.fetch('http://x/api/v1/projects/demo/files.json', {
        headers: { Authorization: `Bearer ${emulator.secretKey}` },
      })
    ).json()
  ).pagination.count

describe('POST /__emulator/seed', () => {
  it.each([
    [{ files: 'x' }, /^files is an array/],
    [
      { files: [{ sample: 'nope' }] },
      /^files\[0\]\.sample is one of subject, blank, pdf, video, eicar \(got "nope"\)/,
    ],
    [{ files: [{ data: [137, 80, 78, 71] }] }, /^files\[0\]\.data is bytes.*upload the file/],
    [{ files: [{ data: 'iVBORw0KGgo=' }] }, /^files\[0\]\.data is bytes/],
    [{ files: [{ metadata: { a: 1 } }] }, /^files\[0\]\.metadata is an object of strings/],
    [{ files: [{}], groups: [{ files: ['0'] }] }, /^groups\[0\]\.files is an array of indexes/],
    // A typo in an index, and a group of no file, which the service refuses to make.
    [{ files: [{}], groups: [{ files: [0, 1] }] }, /^groups\[0\]\.files .*\(got \[0,1\]; 0 to 0\)/],
    [{ groups: [{ files: [0] }] }, /^groups\[0\]\.files .*it makes none: name existing files by fileIds/],
    [{ files: [{}], groups: [{ files: [] }] }, /^groups\[0\] names no file: a group has at least one/],
    [{ files: [{}], groups: [{}] }, /^groups\[0\] names no file/],
    [
      { files: [{}], groups: [{ fileIds: ['f-0000000000000000000000'] }] },
      /^groups\[0\]: Unknown or removed file ids: f-0+\./,
    ],
    [{ groups: { files: [0] } }, /^groups is an array/],
    [{ files: [1], groups: ['g'] }, /^files\[0\] is an object \(got 1\)/],
    [{ file: [{}] }, /^"file" is not a seed field; known: demo, files, groups/],
    [{ files: [{ sampel: 'blank' }] }, /^files\[0\]: "sampel" is not a seed field/],
  ])('answers 400 naming the problem: %j', async (body, message) => {
    emulator.reset()
    const answer = await control('seed', body)
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0]).toMatch(message)
    expect(await fileCount()).toBe(0)
  })

  it('seeds what is right', async () => {
    emulator.reset()
    const answer = await control('seed', {
      files: [{ sample: 'pdf', metadata: { a: 'b' } }],
      groups: [{ files: [0] }],
    })
    expect(answer.status).toBe(200)
    expect(answer.body.groups[0].fileIds).toEqual([answer.body.files[0].id])
  })

  it('names existing files by id, and refuses a removed one without making anything', async () => {
    emulator.reset()
    const { files } = await emulator.seed({ files: [{}, {}] })
    const removed = files[1]!.id
    await emulator.fetch(`http://x/api/v1/projects/demo/files/${removed}.json`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${emulator.secretKey}` },
    })
    const before = await fileCount()
    const answer = await control('seed', { files: [{}], groups: [{ fileIds: [files[0]!.id, removed] }] })
    expect(answer).toEqual({
      status: 400,
      body: { errors: [`groups[0]: Unknown or removed file ids: ${removed}.`] },
    })
    expect(await fileCount()).toBe(before)
    const { groups } = await emulator.seed({ groups: [{ fileIds: [files[0]!.id] }] })
    expect(groups[0]!.fileIds).toEqual([files[0]!.id])
  })

  it('seed() throws a TypeError naming the problem', async () => {
    await expect(emulator.seed({ files: [{ sample: 'nope' as 'blank' }] })).rejects.toThrow(
      /^seed\(\): files\[0\]\.sample is one of/,
    )
  })
})

describe('POST /__emulator/faults', () => {
  it('refuses an unknown fault, naming it, and sets none of the others', async () => {
    emulator.reset()
    const answer = await control('faults', { latency: 5000, failNxt: { match: '/', status: 500 } })
    expect(answer).toEqual({
      status: 400,
      body: {
        errors: ['Unknown fault "failNxt"; known: clear, latency, failNext, failActions, failConversions.'],
      },
    })
    // Not slowed, not failed.
    expect(await fileCount()).toBe(0)
  })

  it.each([
    [{ latency: '100' }, /^latency is milliseconds/],
    [{ failActions: 3 }, /^failActions is a file id/],
    [{ failNext: { match: '/', status: 500, cuont: 2 } }, /^Unknown failNext field "cuont"/],
    [{ failNext: { match: '/', status: 500, count: '2' } }, /^failNext: count is a number/],
    [{ clear: true, failNext: { match: '/', status: 700 } }, /^failNext: status is an error status/],
  ])('answers 400 to %j', async (body, message) => {
    const answer = await control('faults', body)
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0]).toMatch(message)
  })
})

it('reset() clears a blob store the host passed in', async () => {
  const blobs = createMemoryBlobStore()
  const own = createFileServiceEmulator({ blobs })
  const { files } = await own.seed({ files: [{}] })
  expect(await blobs.get(files[0]!.id)).toBeDefined()
  own.reset()
  expect(await blobs.get(files[0]!.id)).toBeUndefined()
})
