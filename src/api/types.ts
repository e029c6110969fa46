// Domain types: the camelCase objects every client method returns.
// Each field is the natural camelCase of its JSON name (see wire.ts).

/** A status string from the service. Known values are listed; others may appear and mean "still pending". */
export type ResourceStatus =
  | 'pending'
  | 'ready'
  | 'processing_error'
  | 'error'
  | 'failed'
  | 'removed'
  | (string & {})

/** The three asynchronous analyses a file can have. */
export type ActionType = 'recognize' | 'moderate' | 'virus_scan'

/** The four conversion kinds. */
export type ConversionKind = 'image' | 'video' | 'document' | 'remove_bg'

export const actionTypes: readonly ActionType[] = ['recognize', 'moderate', 'virus_scan']
export const conversionKinds: readonly ConversionKind[] = ['image', 'video', 'document', 'remove_bg']

export interface Group {
  id: string
  /** `<uuid>~<file count>`; changes on every update. */
  uuid: string
  status: ResourceStatus
  projectId: string | null
  /** `gat-…` token for this group, when the answer carries one. */
  accessToken?: string
}

export interface FileMime {
  mime: string
  type: string
  subtype: string
}

export interface FileImageInfo {
  width: number
  height: number
  format: string
  colorMode?: string
  orientation?: number | null
  dpi?: [number, number] | null
  sequence?: boolean
  geoLocation?: unknown
  datetimeOriginal?: string | null
}

export interface FileContent {
  image?: FileImageInfo | null
  video?: { thumbnailsGroupId: string | null } | null
}

export interface FileResource {
  id: string
  uuid: string | null
  status: ResourceStatus
  isImage: boolean
  mime: FileMime | null
  originalUrl: string | null
  originalName: string | null
  size: number | null
  metadata: Record<string, string>
  content: FileContent | null
  createdAt: string
  uploadedAt: string | null
  removedAt: string | null
  expiresAt: string | null
  projectId: string | null
  /** `fat-…` token for this file, when the answer carries one. */
  accessToken?: string
}

/** One label from image recognition (AWS Rekognition DetectLabels shape). */
export interface RecognitionLabel {
  Name: string
  /** 0–100. */
  Confidence: number
  Parents?: { Name: string }[]
  Instances?: {
    Confidence: number
    BoundingBox: { Top: number; Left: number; Width: number; Height: number }
  }[]
}

export interface RecognitionData {
  LabelModelVersion?: string
  Labels: RecognitionLabel[]
}

export interface ModerationData {
  ModerationModelVersion?: string
  ModerationLabels: { Name: string; Confidence: number; ParentName?: string }[]
}

export interface VirusScanData {
  infected: boolean
  infected_with?: string
}

/** An add-on result as the service stores it (Uploadcare appdata entry). */
export interface ActionResultEntry<D> {
  data: D
  version?: string
  datetime_created?: string
  datetime_updated?: string
}

export interface ActionResultMap {
  recognize: ActionResultEntry<RecognitionData>
  moderate: ActionResultEntry<ModerationData>
  virus_scan: ActionResultEntry<VirusScanData>
}

export interface Action<T extends ActionType = ActionType> {
  id: string
  actionType: T
  status: ResourceStatus
  /**
   * The finished result, typed per action kind; `null` while pending.
   * The client checks the outer shape only: narrow with the `readX` helpers before trusting nested fields.
   */
  result: ActionResultMap[T] | null
  fileId: string | null
  projectId: string | null
}

export interface ConversionsInfo {
  formatCurrent: string
  formatsAvailable: string[]
  methodsAvailable: string[]
}

export interface Page<T> {
  data: T[]
  count: number
  page: number
  pageSize: number
  pages: number
}
