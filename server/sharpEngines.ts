import sharp from 'sharp'
import { parseRecipe } from '../src/recipe/index.ts'
import {
  type ConvertOutput,
  createSimulatedEngines,
  type EmulatorEngines,
  type FileRecord,
  ProcessingError,
} from '../src/testing/index.ts'
import { applyImageOperations } from './image/pipeline.ts'
import { removeBackground } from './image/removeBackground.ts'
import { type Format, writableFormats } from './image/settings.ts'

/** The file's format when sharp can write it (the output format when a recipe names none). */
function sourceFormat(file: FileRecord): Format | null {
  const sub = file.mime?.split('/')[1]
  const format = sub === 'jpeg' ? 'jpg' : sub
  return writableFormats.includes(format as Format) ? (format as Format) : null
}

const rename = (name: string | null, ext: string) => `${(name ?? 'file').replace(/\.[^.]*$/, '')}.${ext}`

/** sharp's own failures (corrupt input, too many pixels) become the job's processing error. */
async function processing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ProcessingError) throw error
    throw new ProcessingError(`Image processing failed: ${(error as Error).message}`)
  }
}

/** Probes with magic bytes first, then asks sharp about images they do not size (TIFF, AVIF, HEIF). */
async function probe(
  simulated: EmulatorEngines,
  ...[data, declaredType, name]: Parameters<EmulatorEngines['probe']>
) {
  const probed = await simulated.probe(data, declaredType, name)
  if (probed.isImage) return probed
  try {
    const meta = await sharp(data).metadata()
    const format = meta.format === 'jpeg' ? 'jpg' : meta.format
    const mime = writableFormats.includes(format as Format)
      ? `image/${meta.format}`
      : format === 'heif'
        ? 'image/heif'
        : null
    if (mime && meta.width && meta.height) {
      return {
        mime,
        isImage: true,
        image: { width: meta.width, height: meta.height, format: meta.format.toUpperCase() },
      }
    }
  } catch {
    // Not an image sharp reads: the magic-byte answer stands.
  }
  return probed
}

/**
 * Engines with real image processing (sharp): image conversions, remove_bg and CDN previews.
 * Actions (recognize, moderate: simulated; virus_scan: a real EICAR check), video and document
 * conversions come from the simulated engines.
 */
export function createSharpEngines(): EmulatorEngines {
  const simulated = createSimulatedEngines()
  return {
    ...simulated,
    probe: (data, declaredType, name) => probe(simulated, data, declaredType, name),
    imageFormats: () => [...writableFormats],
    async convert(kind, file, data, recipe): Promise<ConvertOutput> {
      if (kind !== 'image' && kind !== 'remove_bg') return simulated.convert(kind, file, data, recipe)
      if (!data) throw new ProcessingError('The source file has no content.')
      const { operations } = parseRecipe(kind, recipe).recipe
      return processing(async () => {
        if (kind === 'remove_bg') {
          const out = await removeBackground(data, operations)
          const image = { width: out.width, height: out.height, format: 'PNG' }
          return { data: out.data, mime: 'image/png', name: rename(file.originalName, 'png'), image }
        }
        const out = await applyImageOperations(data, operations, sourceFormat(file))
        const image = { width: out.width, height: out.height, format: out.format.toUpperCase() }
        return { data: out.data, mime: out.mime, name: rename(file.originalName, out.format), image }
      })
    },
    async preview(file, data, operations) {
      const out = await processing(() =>
        applyImageOperations(data, parseRecipe('image', operations).recipe.operations, sourceFormat(file)),
      )
      return { data: out.data, mime: out.mime }
    },
  }
}
