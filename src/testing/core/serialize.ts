// The one place where stored records become the service's JSON (spec/UPSTREAM.md §6).
import type { WireAction, WireFile, WireGroup, WireMime, WirePagination } from '../../api/wire.js'
import type { ActionRecord, FileRecord, GroupRecord } from './storage.js'

const project = (id: string) => ({ data: { type: 'projects' as const, id } })

export function groupJson(group: GroupRecord, withToken: boolean): WireGroup {
  return {
    type: 'groups',
    id: group.id,
    attributes: { uuid: group.uuid, status: group.status },
    relationships: { project: project(group.projectId) },
    ...(withToken && { authentication: { access_token: group.accessToken } }),
  }
}

function mimeJson(mime: string | null): WireMime | null {
  if (!mime) return null
  const [type = '', subtype = ''] = mime.split('/')
  return { mime, type, subtype }
}

export function fileJson(file: FileRecord, origin: string, withToken: boolean): WireFile {
  const ready = file.status === 'ready'
  return {
    type: 'files',
    id: file.id,
    attributes: {
      uuid: file.uuid,
      is_image: file.isImage,
      status: file.status,
      mime: mimeJson(file.mime),
      original_url: ready && file.blobKey ? `${origin}/cdn/${file.id}/` : null,
      original_name: file.originalName,
      size: file.size,
      original_protected: true,
      chunked_upload: { is_chunked_upload: false, chunk_size: null, is_complete: true },
      metadata: file.metadata,
      content: {
        image: file.image && {
          ...file.image,
          color_mode: 'RGB',
          orientation: null,
          dpi: null,
          sequence: false,
        },
        video: file.mime?.startsWith('video/')
          ? { thumbnails_group_id: file.thumbnailsGroupId ?? null }
          : null,
      },
      created_at: file.createdAt,
      uploaded_at: file.uploadedAt,
      removed_at: file.removedAt,
      expires_at: file.expiresAt,
    },
    relationships: { project: project(file.projectId) },
    ...(withToken && { authentication: { access_token: file.accessToken } }),
    chunked_upload_urls: [],
  }
}

export function actionJson(action: ActionRecord): WireAction {
  return {
    type: 'actions',
    id: action.id,
    attributes: { action_type: action.actionType, status: action.status, result: action.result ?? null },
    relationships: {
      project: project(action.projectId),
      file: { data: { type: 'files', id: action.fileId } },
    },
  }
}

export function paginationJson(count: number, page: number, items: number): WirePagination {
  return { count, page, items, pages: Math.max(1, Math.ceil(count / items)) }
}
