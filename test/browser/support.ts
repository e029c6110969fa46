import { inject } from 'vitest'

/** The emulator server the browser tests share (started by globalSetup.ts). */
export const { baseUrl, projectId, secretKey, uploadLimit } = inject('emulator')

/** Sets or clears the server's faults through its control route (see docs/emulator.md). */
export const faults = (body: object) =>
  fetch(`${baseUrl}/__emulator/faults`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
