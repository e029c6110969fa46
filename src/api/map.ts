// The one place where the service's JSON becomes domain objects. Every reader checks the
// shape it relies on and throws ShapeError otherwise; request() turns that into a
// FileServiceError with code `invalid_response`.

import type {
  Action,
  ActionOfType,
  ActionType,
  ConversionsInfo,
  FileContent,
  FileImageInfo,
  FileResource,
  Group,
  Page,
} from './types.js'

// Never seen outside request(), which turns it into a FileServiceError.
export class ShapeError extends Error {}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function object(value: unknown, what: string): Json {
  if (!isObject(value)) throw new ShapeError(`${what} is not an object`)
  return value
}

function string(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ShapeError(`${what} is not a string`)
  return value
}

const optString = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const optNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null)

function stringArray(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new ShapeError(`${what} is not an array of strings`)
  }
  return value
}

/** `relationships.<name>.data.id`, or null. */
function relationId(resource: Json, name: string): string | null {
  const rel = resource.relationships
  const data = isObject(rel) && isObject(rel[name]) ? (rel[name] as Json).data : null
  return isObject(data) ? optString(data.id) : null
}

function accessToken(resource: Json): { accessToken?: string } {
  const token = isObject(resource.authentication) ? optString(resource.authentication.access_token) : null
  return token ? { accessToken: token } : {}
}

/** The `data` member of an answer. */
export function dataOf(body: unknown): unknown {
  const envelope = object(body, 'answer')
  if (!('data' in envelope)) throw new ShapeError('answer has no data member')
  return envelope.data
}

function resource(value: unknown, type: string): { id: string; attributes: Json; raw: Json } {
  const raw = object(value, type)
  if (raw.type !== undefined && raw.type !== type)
    throw new ShapeError(`expected ${type}, got ${typeof raw.type === 'string' ? raw.type : typeof raw.type}`)
  const id = string(raw.id, `${type}.id`)
  // Ids go into later paths: `..` or `.` would move a request to another endpoint (`%2e%2e` too,
  // as URLs read it), with the same token. Real ids are a prefix, `-` and letters and digits.
  if (!/^[\w-]+$/.test(id)) throw new ShapeError(`${type}.id is not an id`)
  return { id, attributes: object(raw.attributes, `${type}.attributes`), raw }
}

export function toGroup(value: unknown): Group {
  const { id, attributes, raw } = resource(value, 'groups')
  return {
    id,
    // The real service answers `uuid: null` until its job has built the group.
    uuid: attributes.uuid == null ? null : string(attributes.uuid, 'group uuid'),
    status: string(attributes.status, 'group status'),
    projectId: relationId(raw, 'project'),
    ...accessToken(raw),
  }
}

/** `snake_case` → `snakeCase`. */
const camel = (key: string) => key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())

// The image details are EXIF-like and open-ended: every member is kept, under its camelCase name.
function toImageInfo(value: unknown): FileImageInfo | null {
  if (!isObject(value) || typeof value.width !== 'number' || typeof value.height !== 'number') return null
  return {
    ...Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), v])),
    format: optString(value.format) ?? '',
  } as FileImageInfo
}

function toContent(value: unknown): FileContent | null {
  if (!isObject(value)) return null
  const content: FileContent = {}
  if ('image' in value) content.image = toImageInfo(value.image)
  if ('video' in value) {
    const video = value.video
    content.video = isObject(video) ? { thumbnailsGroupId: optString(video.thumbnails_group_id) } : null
  }
  return content
}

function toMetadata(value: unknown): Record<string, string> {
  if (!isObject(value)) return {}
  // Strings on the wire; anything else is kept as its JSON text (String() throws on some objects).
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  )
}

export function toFile(value: unknown): FileResource {
  const { id, attributes: a, raw } = resource(value, 'files')
  const mime = isObject(a.mime)
    ? {
        mime: optString(a.mime.mime) ?? '',
        type: optString(a.mime.type) ?? '',
        subtype: optString(a.mime.subtype) ?? '',
      }
    : null
  return {
    id,
    uuid: optString(a.uuid),
    status: string(a.status, 'file status'),
    isImage: a.is_image === true,
    mime,
    originalUrl: optString(a.original_url),
    originalName: optString(a.original_name),
    size: optNumber(a.size),
    metadata: toMetadata(a.metadata),
    content: toContent(a.content),
    createdAt: string(a.created_at, 'file created_at'),
    uploadedAt: optString(a.uploaded_at),
    removedAt: optString(a.removed_at),
    expiresAt: optString(a.expires_at),
    projectId: relationId(raw, 'project'),
    ...accessToken(raw),
  }
}

// Results come from a third party through the service; keep only entries of the documented
// shape so the UI can trust what it reads, and drop the result if its outer shape is wrong.
function toResult(type: string, value: unknown): Action['result'] {
  if (!isObject(value) || !isObject(value.data)) return null
  const data = { ...value.data }
  const key = type === 'recognize' ? 'Labels' : type === 'moderate' ? 'ModerationLabels' : ''
  if (key) {
    const list = Array.isArray(data[key]) ? (data[key] as unknown[]) : []
    data[key] = list.filter(
      (entry) => isObject(entry) && typeof entry.Name === 'string' && typeof entry.Confidence === 'number',
    )
  } else if (type !== 'virus_scan' || typeof data.infected !== 'boolean') return null
  else if (typeof data.infected_with !== 'string') delete data.infected_with
  return { ...value, data } as unknown as Action['result']
}

/** An action of the `type` asked for (another type's result is not read as this one's). */
export function toAction<T extends ActionType>(value: unknown, type: T): Action<T> {
  const { id, attributes: a, raw } = resource(value, 'actions')
  const actionType = string(a.action_type, 'action_type') as T
  if (actionType !== type) throw new ShapeError(`expected a ${type} action, got another type`)
  const action: ActionOfType<T> = {
    id,
    actionType,
    status: string(a.status, 'action status'),
    result: toResult(actionType, a.result) as ActionOfType<T>['result'],
    fileId: relationId(raw, 'file'),
    projectId: relationId(raw, 'project'),
  }
  // One kind: the conditional `Action<T>` is that kind's ActionOfType (TS can't see it for a generic T).
  return action as Action<T>
}

export function toConversionsInfo(value: unknown): ConversionsInfo {
  const a = object(object(value, 'conversions').attributes, 'conversions.attributes')
  return {
    formatCurrent: string(a.format_current, 'format_current'),
    formatsAvailable: stringArray(a.formats_available, 'formats_available'),
    methodsAvailable: stringArray(a.methods_available, 'methods_available'),
  }
}

/** A list answer `{data: [...], pagination}`. */
export function toPage<T>(body: unknown, item: (value: unknown) => T): Page<T> {
  const data = dataOf(body)
  if (!Array.isArray(data)) throw new ShapeError('list data is not an array')
  const p = object((body as Json).pagination, 'pagination')
  const int = (key: string) => {
    const n = p[key]
    if (!Number.isInteger(n)) throw new ShapeError(`pagination.${key} is not an integer`)
    return n as number
  }
  return {
    data: data.map(item),
    count: int('count'),
    page: int('page'),
    pageSize: int('items'),
    pages: int('pages'),
  }
}

/** A single-resource answer `{data: {...}}`. */
export const one =
  <T>(item: (value: unknown) => T) =>
  (body: unknown): T =>
    item(dataOf(body))
