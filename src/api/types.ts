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

/** Every {@link ActionType}, in the order the UI lists them. */
export const actionTypes: readonly ActionType[] = ['recognize', 'moderate', 'virus_scan']
/** Every {@link ConversionKind}. */
export const conversionKinds: readonly ConversionKind[] = ['image', 'video', 'document', 'remove_bg']

/** A group: an ordered set of files, reachable with the secret key or its own `gat-` token. */
export interface Group {
  /** `g-…` */
  id: string
  /**
   * `<uuid>~<file count>` of the group the service last built: `null` until the service has
   * built a new group (its status `pending`), and after an update the previous one's until the
   * new one is built.
   */
  uuid: string | null
  /** `pending` after a create or update, then `ready`. */
  status: ResourceStatus
  projectId: string | null
  /** `gat-…` token for this group, when the answer carries one. */
  accessToken?: string | undefined
}

/** A file's MIME type, whole and split. */
export interface FileMime {
  /** `image/png` */
  mime: string
  /** `image` */
  type: string
  /** `png` */
  subtype: string
}

/** What the service read from an image: size, format and EXIF details. */
export interface FileImageInfo {
  width: number
  height: number
  format: string
  colorMode?: string | undefined
  orientation?: number | null | undefined
  dpi?: [number, number] | null | undefined
  sequence?: boolean | undefined
  geoLocation?: unknown
  datetimeOriginal?: string | null | undefined
}

/** What the service read from a file's bytes; `null` members when it could not. */
export interface FileContent {
  image?: FileImageInfo | null | undefined
  video?: { thumbnailsGroupId: string | null } | null | undefined
}

/** An uploaded or converted file. */
export interface FileResource {
  id: string
  uuid: string | null
  /** `pending` while a conversion or a URL upload runs, then `ready` (or a failure status). */
  status: ResourceStatus
  isImage: boolean
  mime: FileMime | null
  /** Where the original bytes can be downloaded. */
  originalUrl: string | null
  /** The name given at upload. */
  originalName: string | null
  /** In bytes. */
  size: number | null
  /** The file's own string key-value pairs, set at upload or with `client.files.update`. */
  metadata: Record<string, string>
  content: FileContent | null
  /** ISO 8601 date and time, like every date field. */
  createdAt: string
  uploadedAt: string | null
  removedAt: string | null
  /** When the service deletes the file; `null` for never. */
  expiresAt: string | null
  projectId: string | null
  /** `fat-…` token for this file, when the answer carries one. */
  accessToken?: string | undefined
}

/** One label from image recognition (AWS Rekognition DetectLabels shape). */
export interface RecognitionLabel {
  Name: string
  /** 0–100. */
  Confidence: number
  Parents?: { Name: string }[] | undefined
  Instances?:
    | {
        Confidence: number
        BoundingBox: { Top: number; Left: number; Width: number; Height: number }
      }[]
    | undefined
}

/** The result of `recognize` (AWS Rekognition DetectLabels shape). */
export interface RecognitionData {
  LabelModelVersion?: string | undefined
  Labels: RecognitionLabel[]
}

/** The result of `moderate` (AWS Rekognition DetectModerationLabels shape). */
export interface ModerationData {
  ModerationModelVersion?: string | undefined
  ModerationLabels: { Name: string; Confidence: number; ParentName?: string | undefined }[]
}

/** The result of `virus_scan`. */
export interface VirusScanData {
  infected: boolean
  /** The signature's name, when infected. */
  infected_with?: string | undefined
}

/** An add-on result as the service stores it (Uploadcare appdata entry). */
export interface ActionResultEntry<D> {
  data: D
  version?: string | undefined
  datetime_created?: string | undefined
  datetime_updated?: string | undefined
}

/** The result type of each {@link ActionType}. */
export interface ActionResultMap {
  recognize: ActionResultEntry<RecognitionData>
  moderate: ActionResultEntry<ModerationData>
  virus_scan: ActionResultEntry<VirusScanData>
}

/** One run of an analysis of one kind: {@link Action} of that kind. */
export interface ActionOfType<T extends ActionType> {
  id: string
  actionType: T
  /** `pending` after `client.actions.run`, then `ready` or a failure status. */
  status: ResourceStatus
  /**
   * The finished result, typed per action kind; `null` while pending, and when it does not have
   * the kind's shape. The client checks what the types promise: `data`, `virus_scan`'s `infected`,
   * and each label's `Name` and `Confidence` (a label without them is left out).
   */
  result: ActionResultMap[T] | null
  fileId: string | null
  projectId: string | null
}

/**
 * One run of an asynchronous analysis on a file. Of several kinds (`Action`, or a type from a
 * prop), a union that `actionType` narrows: `if (a.actionType === 'virus_scan') a.result?.data.infected`.
 */
export type Action<T extends ActionType = ActionType> = T extends ActionType ? ActionOfType<T> : never

/** What a file can be converted to. */
export interface ConversionsInfo {
  /** The file's own format, e.g. `jpeg`. */
  formatCurrent: string
  /** Formats a conversion may produce. */
  formatsAvailable: string[]
  /** Conversion kinds this file accepts: {@link ConversionKind} values. */
  methodsAvailable: string[]
}

/** One page of a list. */
export interface Page<T> {
  data: T[]
  /** Items in the whole list. */
  count: number
  /** 1-based. */
  page: number
  /** Items per page (`pagination.items`). */
  pageSize: number
  /** Number of pages. */
  pages: number
}
