// JSON shapes the service sends and accepts (snake_case, JSON:API-like envelope).
// The client maps these to domain types in `map.ts`; the emulator produces them.
// Source: ../shared/spec (the contract) and UPSTREAM.md §6.

export interface WireRelationship<T extends string> {
  data: { type: T; id: string } | null
}

export interface WireGroup {
  type: 'groups'
  id: string
  attributes: { uuid: string | null; status: string }
  relationships: { project: WireRelationship<'projects'> }
  authentication?: { access_token: string }
}

export interface WireMime {
  mime: string
  type: string
  subtype: string
}

export interface WireImageInfo {
  width: number
  height: number
  format: string
  color_mode?: string
  orientation?: number | null
  dpi?: [number, number] | null
  sequence?: boolean
  geo_location?: unknown
  datetime_original?: string | null
}

export interface WireFile {
  type: 'files'
  id: string
  attributes: {
    uuid: string | null
    is_image: boolean
    status: string
    mime: WireMime | null
    original_url: string | null
    original_name: string | null
    size: number | null
    original_protected?: boolean
    chunked_upload?: { is_chunked_upload: boolean; chunk_size: number | null; is_complete: boolean }
    metadata: Record<string, string>
    content: {
      image?: WireImageInfo | null
      video?: { thumbnails_group_id: string | null } | null
    } | null
    created_at: string
    uploaded_at: string | null
    removed_at: string | null
    expires_at: string | null
  }
  relationships: { project: WireRelationship<'projects'> }
  authentication?: { access_token: string }
  chunked_upload_urls?: string[]
}

export interface WireAction {
  type: 'actions'
  id: string
  attributes: { action_type: string; status: string; result: unknown }
  relationships: { project: WireRelationship<'projects'>; file: WireRelationship<'files'> }
}

export interface WireConversions {
  type: 'conversions'
  attributes: { format_current: string; formats_available: string[]; methods_available: string[] }
}

export interface WirePagination {
  count: number
  page: number
  items: number
  pages: number
}

export interface WireOne<T> {
  data: T
}

export interface WireList<T> {
  data: T[]
  pagination: WirePagination
}

export interface WireErrors {
  errors: string[]
}
