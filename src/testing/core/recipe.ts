// Recipe checks for the emulator's conversion routes. Replaced by the full grammar of
// src/recipe once it lands; until then operation names are checked per kind.
import type { ConversionKind } from '../../api/types.js'

const known: Record<ConversionKind, string[]> = {
  image: (
    'format quality progressive strip_meta preview resize stretch smart_resize crop scale_crop trim border_radius ' +
    'setfill zoom_objects autorotate rotate flip mirror brightness exposure gamma contrast saturation vibrance ' +
    'warmth enhance grayscale invert filter srgb max_icc_size blur blur_region sharp overlay text font text_align ' +
    'text_box rect rasterize inline main_colors'
  ).split(' '),
  video: ['format', 'size', 'quality', 'cut', 'thumbs'],
  document: ['format', 'page', 'dpi', 'quality'],
  remove_bg: 'crop crop_margin scale add_shadow type_level type semitransparency channels roi position'.split(
    ' ',
  ),
}

/** Problems with a recipe string, as human-readable messages; empty when it is acceptable. */
export function recipeProblems(kind: ConversionKind, text: string): string[] {
  const body = text.trim().replace(/^\/?-\//, '/')
  const segments = body
    .split('/-/')
    .map((s) => s.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
  if (!segments.length) return ['The recipe is empty.']
  return segments.flatMap((segment) => {
    const name = segment.split('/')[0]!.split('~')[0]!
    return known[kind].includes(name) ? [] : [`Unknown ${kind} operation "${name}".`]
  })
}
