// The emulator's processing seam. `simulated` engines (src/testing) are deterministic and
// need no native code; the Node server plugs in sharp for real image work.

import type { ActionType, ConversionKind } from '../../api/types.js'
import type { FileRecord } from './storage.js'

/** What {@link EmulatorEngines.probe} found in uploaded bytes. */
export interface ProbeResult {
  mime: string
  isImage: boolean
  image: { width: number; height: number; format: string } | null
}

/** The bytes and description of a finished conversion. */
export interface ConvertOutput {
  data: Uint8Array
  mime: string
  /** File name of the result, e.g. `photo.webp`. */
  name: string
  image: { width: number; height: number; format: string } | null
}

/** Thrown by an engine when processing fails for a known reason: the file ends `processing_error`, and the message goes to the emulator's `log`. */
export class ProcessingError extends Error {
  override name = 'ProcessingError'
}

/** The processing the emulator delegates: `createSimulatedEngines()`, or sharp in server/. */
export interface EmulatorEngines {
  /** Inspects uploaded bytes: real type from magic bytes, image dimensions. */
  probe(data: Uint8Array, declaredType: string | null, name: string | null): Promise<ProbeResult>
  /** Formats this file can be converted to by the `image` method (only formats really produced). */
  imageFormats(file: FileRecord): string[]
  /**
   * The appdata entry for a finished action (`{data, version, datetime_created, datetime_updated}`);
   * `now` is the emulator's clock (ISO 8601), for its dates.
   */
  runAction(type: ActionType, file: FileRecord, data: Uint8Array | undefined, now: string): Promise<unknown>
  /** Performs a conversion; `recipe` is the canonical recipe string. Throws ProcessingError on failure. */
  convert(
    kind: ConversionKind,
    file: FileRecord,
    data: Uint8Array | undefined,
    recipe: string,
  ): Promise<ConvertOutput>
  /** CDN preview: applies image URL operations (canonical `/-/op/…/` string, may be empty). */
  preview(file: FileRecord, data: Uint8Array, operations: string): Promise<{ data: Uint8Array; mime: string }>
}
