// Answers in the real service's documented shapes (spec/UPSTREAM.md §5, §6), used where a
// test needs an exact body (error and malformed-answer paths). Happy paths run against the emulator.

export const projectId = 'demo'
const project = { data: { type: 'projects', id: projectId } }

export const wireGroup = (id = 'g-AAAAAAAAAAAAAAAAAAAAAA', extra: object = {}) => ({
  type: 'groups',
  id,
  attributes: { uuid: '3f2f8a6c-1111-4a8e-9a3e-0c1d2e3f4a5b~2', status: 'ready' },
  relationships: { project },
  ...extra,
})

export const wireFile = (id = 'f-BBBBBBBBBBBBBBBBBBBBBB') => ({
  type: 'files',
  id,
  attributes: {
    uuid: '0d5b2c1e-2222-4c6f-8f2e-8b7a6c5d4e3f',
    is_image: true,
    status: 'ready',
    mime: { mime: 'image/png', type: 'image', subtype: 'png' },
    original_url: 'https://ucarecdn.com/0d5b2c1e-2222-4c6f-8f2e-8b7a6c5d4e3f/',
    original_name: 'blank.png',
    size: 1234,
    original_protected: true,
    chunked_upload: { is_chunked_upload: false, chunk_size: null, is_complete: true },
    metadata: { purpose: 'avatar' },
    content: {
      image: { width: 640, height: 480, format: 'PNG', color_mode: 'RGBA', orientation: null, dpi: [72, 72] },
      video: null,
    },
    created_at: '2026-11-01T10:00:00.000Z',
    uploaded_at: '2026-11-01T10:00:01.000Z',
    removed_at: null,
    expires_at: null,
  },
  relationships: { project },
  authentication: { access_token: 'fat-CCCCCCCCCCCCCCCCCCCCCC' },
  chunked_upload_urls: [],
})

export const wireAction = (actionType: string, result: unknown = null) => ({
  type: 'actions',
  id: 'a-DDDDDDDDDDDDDDDDDDDDDD',
  attributes: { action_type: actionType, status: result ? 'ready' : 'pending', result },
  relationships: { project, file: { data: { type: 'files', id: 'f-BBBBBBBBBBBBBBBBBBBBBB' } } },
})

export const recognizeResult = {
  data: {
    LabelModelVersion: '3.0',
    Labels: [
      {
        Name: 'Cat',
        Confidence: 97.5,
        Parents: [{ Name: 'Animal' }, { Name: 'Pet' }],
        Instances: [{ Confidence: 96.1, BoundingBox: { Top: 0.1, Left: 0.2, Width: 0.5, Height: 0.6 } }],
      },
      { Name: 42, Confidence: 'high' }, // malformed: dropped by the client
    ],
  },
  version: '2016-06-27',
  datetime_created: '2026-11-01T10:00:02.000Z',
  datetime_updated: '2026-11-01T10:00:02.000Z',
}

export const pagination = (count: number, page = 1, items = 20) => ({
  count,
  page,
  items,
  pages: Math.max(1, Math.ceil(count / items)),
})
