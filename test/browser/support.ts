import { inject } from 'vitest'
import { createFileServiceClient } from '../../src/index.ts'

/** The emulator server the browser tests share (started by globalSetup.ts). */
export const { baseUrl, projectId, secretKey, uploadLimit } = inject('emulator')

/** Sets or clears the server's faults through its control route (see docs/emulator.md). */
export const faults = (body: object) =>
  fetch(`${baseUrl}/__emulator/faults`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

/**
 * A group of `count` small text files named `${prefix}1.txt`, `${prefix}2.txt`…, uploaded at
 * once (the browser sends a few at a time) and grouped in that order with the secret key.
 */
export async function groupOf(count: number, prefix: string) {
  const operator = createFileServiceClient({ baseUrl, projectId, token: secretKey })
  const files = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      operator.files.upload(new Blob([`${prefix}${i + 1}`]), { name: `${prefix}${i + 1}.txt` }),
    ),
  )
  return { files, group: await operator.groups.create({ fileIds: files.map((f) => f.id) }) }
}
