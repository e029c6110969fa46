// `@filekit/react/testing`: the emulator and its MSW handlers, for tests, Storybook and servers.

// The kinds its engines and records name, as the main entry has them.
export type { ActionType, ConversionKind } from '../api/types.js'
export { createManualClock, type ManualClock } from './clock.js'
export {
  type ConvertOutput,
  type EmulatorEngines,
  type ProbeResult,
  ProcessingError,
} from './core/engines.js'
export type { EmulatorFaults, FailNextOptions } from './core/faults.js'
export { createMemoryBlobStore, createMemoryStorage } from './core/memory.js'
export type {
  ActionRecord,
  BlobStore,
  EmulatorStorage,
  FileRecord,
  GroupRecord,
  JobRecord,
  Paged,
  ProjectRecord,
} from './core/storage.js'
export {
  createFileServiceEmulator,
  type EmulatorRequestInit,
  type FileServiceEmulator,
  type FileServiceEmulatorOptions,
  type SeedFile,
  type SeedGroup,
  type SeedResult,
} from './createFileServiceEmulator.js'
export { createFileServiceHandlers, type FileServiceHandlersOptions } from './createFileServiceHandlers.js'
export { blankPng, createPng, eicar, sampleMp4, samplePdf, subjectPng } from './samples.js'
export {
  containsEicar,
  createSimulatedEngines,
  isBlankPng,
  probeBytes,
  simulatedActionResult,
} from './simulatedEngines.js'
