// The operations each conversion kind accepts (spec/UPSTREAM.md §1–4), as data a form
// builder can render and the parser can check.
import type { ConversionKind } from '../api/types.js'

/** How one argument of an operation is written and checked. */
export type RecipeArgSpec = { name: string; optional?: boolean } & (
  | { type: 'enum'; values: readonly string[] }
  | { type: 'integer'; min: number; max: number; step?: number; default?: number }
  /** `WxH`; `sides: 'both'` needs both, `'either'` at least one. */
  | { type: 'size'; sides: 'both' | 'either'; percent?: boolean; divisibleBy?: number }
  /** RGB hex without `#`, optionally with alpha. */
  | { type: 'color' }
  /** A keyword (`center`, `top`…) or `X,Y` in px or percent. */
  | { type: 'align'; keywords: readonly string[] }
  /** `X,Y` in px or percent. */
  | { type: 'point' }
  /** `HH:MM:SS.sss`, `MM:SS` or seconds; `allowEnd` also accepts `end`. */
  | { type: 'time'; allowEnd?: boolean }
  /** A crop box: `WxH` (px or percent), a ratio `N:M`, or `face` / `image`. */
  | { type: 'cropSize' }
  | { type: 'boolean' }
  /** `30px`, `30%` or `30`. */
  | { type: 'length' }
  /** Free text (escaped per UPSTREAM §1d for image text). */
  | { type: 'text' }
)

export interface RecipeOperationSpec {
  name: string
  /** English label for a form builder. */
  label: string
  args: readonly RecipeArgSpec[]
}

const e = (name: string, values: string, optional = false): RecipeArgSpec => ({
  name,
  type: 'enum',
  values: values.split(' '),
  optional,
})
const n = (
  name: string,
  min: number,
  max: number,
  optional = false,
  extra: { step?: number; default?: number } = {},
): RecipeArgSpec => ({
  name,
  type: 'integer',
  min,
  max,
  optional,
  ...extra,
})
const t = (
  name: string,
  type: 'color' | 'point' | 'cropSize' | 'boolean' | 'length' | 'text',
  optional = false,
) => ({ name, type, optional }) as RecipeArgSpec
const op = (name: string, label: string, ...args: RecipeArgSpec[]): RecipeOperationSpec => ({
  name,
  label,
  args,
})
const sides = 'center top right bottom left'
const align = (optional = true): RecipeArgSpec => ({
  name: 'align',
  type: 'align',
  keywords: sides.split(' '),
  optional,
})
const yesNo = (name: string) => e(name, 'yes no')
const size = (name: string, s: 'both' | 'either', optional = false, percent = false): RecipeArgSpec => ({
  name,
  type: 'size',
  sides: s,
  optional,
  percent,
})

const filters =
  'adaris briaril calarel carris cynarel cyren elmet elonni enzana erydark fenralan ferand galen gavin gethriel iorill iothari iselva jadis lavra misiara namala nerion nethari pamaya sarnar sedis sewen sorahel sorlen tarian thellassan varriel varven vevera virkas yedis yllara zatvel zevcen'
const smartTypes =
  'smart smart_faces_objects_points smart_faces_objects smart_faces_points smart_objects_faces_points smart_objects_faces smart_objects_points smart_points smart_objects smart_faces'

const image: RecipeOperationSpec[] = [
  // The CDN writes jpeg, png and webp (auto, preserve choose); the service's conversions also
  // list avif, gif and tiff in formats_available, so those are accepted too.
  op('format', 'Format', e('format', 'jpeg png webp avif gif tiff auto preserve')),
  op('quality', 'Quality', e('quality', 'normal better best lighter lightest smart smart_retina')),
  op('progressive', 'Progressive JPEG', yesNo('progressive')),
  op('strip_meta', 'Strip metadata', e('mode', 'all none sensitive')),
  op('preview', 'Preview (fit inside)', size('size', 'both', true)),
  op('resize', 'Resize', size('size', 'either')),
  op('stretch', 'Stretch', e('mode', 'on off fill')),
  op('smart_resize', 'Smart resize', size('size', 'both')),
  op('crop', 'Crop', t('size', 'cropSize'), align()),
  op(
    'scale_crop',
    'Scale and crop',
    size('size', 'both'),
    {
      name: 'type',
      type: 'align',
      keywords: [...sides.split(' '), ...smartTypes.split(' ')],
      optional: true,
    },
    align(),
  ),
  op('trim', 'Trim solid background', n('tolerance', 0, 100, true), n('padding', 0, 1000, true)),
  op('border_radius', 'Rounded corners', t('radii', 'text'), t('verticalRadii', 'text', true)),
  op('setfill', 'Fill colour', t('color', 'color')),
  op('zoom_objects', 'Zoom objects', n('zoom', 1, 100)),
  op('autorotate', 'Auto-rotate', yesNo('autorotate')),
  op('rotate', 'Rotate', n('angle', -270, 270, false, { step: 90 })),
  op('flip', 'Flip vertically'),
  op('mirror', 'Mirror horizontally'),
  op('brightness', 'Brightness', n('value', -100, 100, false, { default: 0 })),
  op('exposure', 'Exposure', n('value', -500, 500, false, { default: 0 })),
  op('gamma', 'Gamma', n('value', 0, 1000, false, { default: 100 })),
  op('contrast', 'Contrast', n('value', -100, 500, false, { default: 0 })),
  op('saturation', 'Saturation', n('value', -100, 500, false, { default: 0 })),
  op('vibrance', 'Vibrance', n('value', -100, 500, false, { default: 0 })),
  op('warmth', 'Warmth', n('value', -100, 100, false, { default: 0 })),
  op('enhance', 'Enhance', n('strength', 0, 100, true, { default: 50 })),
  op('grayscale', 'Grayscale'),
  op('invert', 'Invert'),
  op('filter', 'Filter', e('name', filters), n('amount', -100, 200, true, { default: 100 })),
  op('srgb', 'Colour profile', e('mode', 'fast icc keep_profile')),
  op('max_icc_size', 'Largest kept colour profile (KB)', n('size', 0, 100000)),
  op(
    'blur',
    'Blur',
    n('strength', 0, 5000, true, { default: 10 }),
    n('amount', -200, 100, true, { default: 100 }),
  ),
  op(
    'blur_region',
    'Blur a region',
    t('region', 'text'),
    t('position', 'text', true),
    n('strength', 0, 5000, true),
  ),
  op('sharp', 'Sharpen', n('strength', 0, 20, true, { default: 5 })),
  op(
    'overlay',
    'Overlay',
    t('image', 'text'),
    size('size', 'either', true, true),
    align(),
    t('opacity', 'text', true),
  ),
  op('text', 'Text', size('size', 'both', false, true), t('position', 'point'), t('text', 'text')),
  op(
    'font',
    'Font',
    t('a', 'text', true),
    t('b', 'text', true),
    t('c', 'text', true),
    t('d', 'text', true),
    t('e', 'text', true),
    t('f', 'text', true),
  ),
  op(
    'text_align',
    'Text alignment',
    e('horizontal', 'left center right'),
    e('vertical', 'top center bottom'),
  ),
  op(
    'text_box',
    'Text box',
    e('mode', 'none fit line fill'),
    t('color', 'color', true),
    n('padding', 0, 1000, true),
  ),
  op('rect', 'Rectangle', t('color', 'color'), size('size', 'both', false, true), t('position', 'point')),
  op('rasterize', 'Rasterize SVG'),
  op('inline', 'Show inline', yesNo('inline')),
  op('main_colors', 'Main colours', n('count', 1, 256)),
]

const video: RecipeOperationSpec[] = [
  op('format', 'Format', e('format', 'mp4 webm ogg')),
  op(
    'size',
    'Size',
    { name: 'size', type: 'size', sides: 'either', divisibleBy: 4 },
    e('mode', 'preserve_ratio change_ratio scale_crop add_padding', true),
  ),
  op('quality', 'Quality', e('quality', 'normal better best lighter lightest')),
  op('cut', 'Cut', { name: 'start', type: 'time' }, { name: 'length', type: 'time', allowEnd: true }),
  op('thumbs', 'Thumbnails', n('count', 1, 50)),
]

const document: RecipeOperationSpec[] = [
  op('format', 'Format', e('format', 'doc docx xls xlsx odt ods rtf txt pdf jpg png html5 enhanced.jpg')),
  op('page', 'Page', n('page', 1, 100000)),
  op('dpi', 'Resolution (dpi)', n('dpi', 72, 600)),
  op('quality', 'Quality', n('quality', 1, 100)),
]

const bool = (name: string, label: string) => op(name, label, t('value', 'boolean'))
const removeBg: RecipeOperationSpec[] = [
  bool('crop', 'Crop to the subject'),
  op('crop_margin', 'Crop margin', t('margin', 'length')),
  op('scale', 'Subject scale', t('scale', 'length')),
  bool('add_shadow', 'Add a shadow'),
  op('type_level', 'Type level', e('level', 'none 1 2 latest')),
  op('type', 'Subject type', e('type', 'auto person product car')),
  bool('semitransparency', 'Semi-transparency'),
  op('channels', 'Channels', e('channels', 'rgba alpha')),
  op('roi', 'Region of interest', t('roi', 'text')),
  op('position', 'Position', t('position', 'text')),
]

/** Every operation per conversion kind, in a sensible order for a menu. */
export const recipeOperations: Readonly<Record<ConversionKind, readonly RecipeOperationSpec[]>> = {
  image,
  video,
  document,
  remove_bg: removeBg,
}
