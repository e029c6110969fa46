import type { FileRecord } from '../../src/testing/index.ts'

/** A ready image file as storage keeps it, for engine tests; `fields` replace what differs. */
export const fileRecord = (fields: Partial<FileRecord> = {}): FileRecord => ({
  id: 'f-1',
  projectId: 'p',
  uuid: 'u',
  status: 'ready',
  accessToken: 'fat-1',
  isImage: true,
  mime: 'image/png',
  originalName: 'photo.png',
  size: 1,
  metadata: {},
  image: { width: 96, height: 64, format: 'PNG' },
  blobKey: 'f-1',
  sourceUrl: null,
  createdAt: '',
  uploadedAt: '',
  removedAt: null,
  expiresAt: null,
  ...fields,
})
