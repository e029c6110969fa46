import type { ConversionKind } from '../../src/api/types.js'
import type { RecipeArgSpec } from '../../src/recipe/index.js'

export const kinds: ConversionKind[] = ['image', 'video', 'document', 'remove_bg']

/** A valid value for an argument spec. */
export function example(spec: RecipeArgSpec): string {
  switch (spec.type) {
    case 'enum':
      return spec.values.at(-1) ?? ''
    case 'integer':
      return String(spec.step ?? spec.max)
    case 'size':
      return spec.divisibleBy ? '640x360' : spec.percent ? '50px40p' : '800x600'
    case 'color':
      return spec.alpha === false ? 'ff00aa' : 'ff00aa80'
    case 'align':
      return spec.percent ? '10p,20p' : '10p,20'
    case 'point':
      return '10,20p'
    case 'time':
      return spec.allowEnd ? 'end' : '0:01:30.500'
    case 'cropSize':
      // An object size may follow it (crop/face/4:3).
      return 'face'
    case 'boolean':
      return 'false'
    case 'length':
      return '30px'
    case 'text':
      return spec.example ?? 'x'
  }
}

/** The part of `text` an issue points at. */
export const at = (text: string, issue: { position: number; length: number } | undefined) =>
  issue && text.slice(issue.position, issue.position + issue.length)
