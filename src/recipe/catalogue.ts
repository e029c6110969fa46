// The operations each conversion kind accepts (spec/UPSTREAM.md §1–4), as data a form
// builder can render and the parser can check. Arguments are listed in grammar order; the
// parser lets a value skip optional arguments it does not fit (`scale_crop/WxH/center`).
import type { ConversionKind } from '../api/types.js'

/** How one argument of an operation is written and checked. */
export type RecipeArgSpec = {
  /** Argument name, also used in messages (`brightness must be between…`). */
  name: string
  /** May be left out. @default false */
  optional?: boolean | undefined
} & (
  | { type: 'enum'; values: readonly string[] }
  /** A whole number; `step` requires a multiple of it. */
  | { type: 'integer'; min: number; max: number; step?: number; default?: number }
  /**
   * `WxH`; `sides: 'both'` needs both, `'either'` at least one; `percent` allows `50p` sides;
   * `max`: the largest side when it is the last size named, the output's (without, then with an
   * explicit `format/jpeg`).
   */
  | {
      type: 'size'
      sides: 'both' | 'either'
      percent?: boolean
      divisibleBy?: number
      max?: readonly [number, number]
    }
  /** RGB hex without `#` (`ff0000`), with alpha too (`ff000080`) unless `alpha` is false. */
  | { type: 'color'; alpha?: boolean }
  /** A keyword (`center`, `top`…) or `X,Y` in px or percent (`10,50p`), only percent if `percent`. */
  | { type: 'align'; keywords: readonly string[]; percent?: boolean }
  /** `X,Y` in px or percent. */
  | { type: 'point' }
  /** `HH:MM:SS.sss`, `MM:SS` or seconds; `allowEnd` also accepts `end`. */
  | { type: 'time'; allowEnd?: boolean }
  /** A crop box: `WxH` (px or percent), a ratio `N:M`, or `face` / `image`. */
  | { type: 'cropSize' }
  /** `true` or `false`. */
  | { type: 'boolean' }
  /** `30px`, `30%` or `30`. */
  | { type: 'length' }
  /** Text checked against `pattern` when given; `hint` says what is expected, `example` shows it. */
  | { type: 'text'; pattern?: RegExp; hint?: string; example?: string }
)

/** One operation of a conversion kind. */
export interface RecipeOperationSpec {
  /** Name as written in the recipe (`resize`). */
  name: string
  /** English label for a form builder. */
  label: string
  /** Arguments in the order they are written. */
  args: readonly RecipeArgSpec[]
}

type Arg = RecipeArgSpec
const o = <T extends Arg>(a: T): T => ({ ...a, optional: true })
const e = (name: string, values: string): Arg => ({ name, type: 'enum', values: values.split(' ') })
const n = (name: string, min: number, max: number, extra?: { step?: number; default?: number }): Arg => ({
  name,
  type: 'integer',
  min,
  max,
  ...extra,
})
const t = (name: string, type: 'color' | 'point' | 'cropSize' | 'boolean' | 'length'): Arg =>
  ({ name, type }) as Arg
const text = (name: string, pattern: RegExp, hint: string, example: string): Arg => ({
  name,
  type: 'text',
  pattern,
  hint,
  example,
})
const size = (name: string, sides: 'both' | 'either', percent = false): Arg => ({
  name,
  type: 'size',
  sides,
  percent,
})
// The output's size (UPSTREAM §1a): at most 3000×3000, 5000×5000 with an explicit format/jpeg.
const output = (sides: 'both' | 'either'): Arg => ({ name: 'size', type: 'size', sides, max: [3000, 5000] })
const op = (name: string, label: string, ...args: Arg[]): RecipeOperationSpec => ({ name, label, args })
const align: Arg = { name: 'align', type: 'align', keywords: ['center', 'top', 'right', 'bottom', 'left'] }
const yesNo = (name: string) => e(name, 'yes no')
const level = (name: string, min: number, max: number, neutral: number) =>
  op(name, name[0]!.toUpperCase() + name.slice(1), n('value', min, max, { default: neutral }))
const radii = /^\d+p?(,\d+p?){0,3}$/

const filters =
  'adaris briaril calarel carris cynarel cyren elmet elonni enzana erydark fenralan ferand galen gavin gethriel iorill iothari iselva jadis lavra misiara namala nerion nethari pamaya sarnar sedis sewen sorahel sorlen tarian thellassan varriel varven vevera virkas yedis yllara zatvel zevcen'
const smartTypes =
  'smart smart_faces_objects_points smart_faces_objects smart_faces_points smart_objects_faces_points smart_objects_faces smart_objects_points smart_points smart_objects smart_faces'

const image: RecipeOperationSpec[] = [
  // An image conversion is the CDN URL with this recipe: it writes jpeg, png and webp (auto and
  // preserve choose; auto may pick AVIF). formats_available also lists avif, gif, tiff… (the
  // document converter's formats for the file), which the CDN refuses.
  op('format', 'Format', e('format', 'jpeg png webp auto preserve')),
  op('quality', 'Quality', e('quality', 'normal better best lighter lightest smart smart_retina')),
  op('progressive', 'Progressive JPEG', yesNo('progressive')),
  op('strip_meta', 'Strip metadata', e('mode', 'all none sensitive')),
  op('preview', 'Preview (fit inside)', o(size('size', 'both'))),
  op('resize', 'Resize', output('either')),
  op('stretch', 'Stretch', e('mode', 'on off fill')),
  op('smart_resize', 'Smart resize', output('both')),
  op(
    'crop',
    'Crop',
    t('size', 'cropSize'),
    // Relative to the detected object: only after face or image (UPSTREAM §1b).
    o(
      text(
        'objectSize',
        /^([1-9]\d*:[1-9]\d*|[1-9]\d*px[1-9]\d*p)$/,
        'N:M or WpxHp, after face or image',
        '4:3',
      ),
    ),
    o(align),
  ),
  op(
    'scale_crop',
    'Scale and crop',
    output('both'),
    o(e('type', smartTypes)),
    o({ name: 'align', type: 'align', keywords: ['center'], percent: true }),
  ),
  op('trim', 'Trim solid background', o(n('tolerance', 0, 100)), o(n('padding', 0, 1000))),
  op(
    'border_radius',
    'Rounded corners',
    text('radii', radii, '1 to 4 radii like 10 or 50p, comma-separated', '10,50p'),
    o(text('verticalRadii', radii, '1 to 4 radii like 10 or 50p, comma-separated', '10,50p')),
  ),
  // RGB only (§1b), unlike font, text_box and rect colours (§1d).
  op('setfill', 'Fill colour', { name: 'color', type: 'color', alpha: false }),
  op('zoom_objects', 'Zoom objects', n('zoom', 1, 100)),
  op('autorotate', 'Auto-rotate', yesNo('autorotate')),
  op('rotate', 'Rotate', n('angle', -270, 270, { step: 90 })),
  op('flip', 'Flip vertically'),
  op('mirror', 'Mirror horizontally'),
  level('brightness', -100, 100, 0),
  level('exposure', -500, 500, 0),
  level('gamma', 0, 1000, 100),
  level('contrast', -100, 500, 0),
  level('saturation', -100, 500, 0),
  level('vibrance', -100, 500, 0),
  level('warmth', -100, 100, 0),
  op('enhance', 'Enhance', o(n('strength', 0, 100, { default: 50 }))),
  op('grayscale', 'Grayscale'),
  op('invert', 'Invert'),
  op('filter', 'Filter', e('name', filters), o(n('amount', -100, 200, { default: 100 }))),
  op('srgb', 'Colour profile', e('mode', 'fast icc keep_profile')),
  op('max_icc_size', 'Largest kept colour profile (KB)', n('size', 0, 100000, { default: 10 })),
  // blur/<strength>/<amount> is the unsharp mask.
  op('blur', 'Blur', o(n('strength', 0, 5000, { default: 10 })), o(n('amount', -200, 100, { default: 100 }))),
  op(
    'blur_region',
    'Blur a region',
    text('region', /^(faces|\d+p?x\d+p?)$/, 'WxH (px or p) or faces', 'faces'),
    o(t('position', 'point')),
    o(n('strength', 0, 5000)),
  ),
  op('sharp', 'Sharpen', o(n('strength', 0, 20, { default: 5 }))),
  op(
    'overlay',
    'Overlay',
    text('image', /^[\w-]+$/, 'a file UUID or self', 'self'),
    o(size('size', 'either', true)),
    o(align),
    o(text('opacity', /^(100|[1-9]?\d)p$/, 'a percentage like 50p', '50p')),
  ),
  op(
    'text',
    'Text',
    size('size', 'both', true),
    t('position', 'point'),
    text(
      'text',
      /^([^~]|~[~sn])+$/,
      'text with ~ written ~~, / written ~s and a new line written ~n',
      'Hello~sworld~n~~',
    ),
  ),
  op(
    'font',
    'Font',
    o(e('reset', 'reset')),
    o(e('weight', 'regular bold')),
    o(e('style', 'normal italic')),
    o(n('size', 1, 1000)),
    o(t('color', 'color')),
    o(e('family', 'DejaVu DejaVuMono DejaVuSerif Noto NotoMono NotoSerif')),
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
    o(t('color', 'color')),
    o(n('padding', 0, 1000)),
  ),
  op('rect', 'Rectangle', t('color', 'color'), size('size', 'both', true), t('position', 'point')),
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
    o(e('mode', 'preserve_ratio change_ratio scale_crop add_padding')),
  ),
  op('quality', 'Quality', e('quality', 'normal better best lighter lightest')),
  op('cut', 'Cut', { name: 'start', type: 'time' }, { name: 'length', type: 'time', allowEnd: true }),
  // Written `thumbs~N`.
  op('thumbs', 'Thumbnails', n('count', 1, 50, { default: 1 })),
]

const document: RecipeOperationSpec[] = [
  // The documented targets plus what the service's conversion_formats lists for a PDF.
  op(
    'format',
    'Format',
    e(
      'format',
      'pdf doc docx xls xlsx odt ods rtf txt jpg png html html5 html5-1page enhanced.jpg bmp csv dwg dxf epub fb2 gif htmlz lit lrf md mobi mp3 pcx pdb ppt pptx prc ps rb snb svg tcr thumbnail tiff txtz',
    ),
  ),
  op('page', 'Page', n('page', 1, 100000)),
  // Ranges for dpi and quality are not documented; these are generous guesses.
  op('dpi', 'Resolution (dpi)', n('dpi', 1, 2400)),
  op('quality', 'Quality', n('quality', 1, 100)),
]

const bool = (name: string, label: string) => op(name, label, t('value', 'boolean'))
const lengths = '\\d+(\\.\\d+)?(px|%)?'
const percent = '(100|[1-9]?\\d)%'
const removeBg: RecipeOperationSpec[] = [
  bool('crop', 'Crop to the subject'),
  op('crop_margin', 'Crop margin', t('margin', 'length')),
  // Relative to the canvas: remove.bg takes 10% to 100%, or original (its default).
  op(
    'scale',
    'Subject scale',
    text('scale', /^(original|(100|[1-9]\d)%)$/, '10% to 100%, or original', '80%'),
  ),
  bool('add_shadow', 'Add a shadow'),
  op('type_level', 'Type level', e('level', 'none 1 2 latest')),
  op('type', 'Subject type', e('type', 'auto person product car')),
  bool('semitransparency', 'Semi-transparency'),
  op('channels', 'Channels', e('channels', 'rgba alpha')),
  op(
    'roi',
    'Region of interest',
    text('roi', new RegExp(`^(${lengths} ){3}${lengths}$`), 'x1 y1 x2 y2 in px or %', '0% 10px 100% 90%'),
  ),
  op(
    'position',
    'Position',
    text(
      'position',
      new RegExp(`^(original|center|${percent}( ${percent})?)$`),
      'original, center, N% or "H% V%" from 0% to 100%',
      '50% 20%',
    ),
  ),
]

/** Every operation per conversion kind (spec/UPSTREAM.md §1–4), in a sensible order for a menu. */
export const recipeOperations: Readonly<Record<ConversionKind, readonly RecipeOperationSpec[]>> = {
  image,
  video,
  document,
  remove_bg: removeBg,
}
