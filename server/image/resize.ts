// The resizing operations: preview, resize, scale_crop, smart_resize, and the stretch mode
// that changes how resize and scale_crop treat images smaller than asked.
import sharp from 'sharp'
import { type Box, isAlign, place, readFullSize, readSize } from './geometry.ts'
import { checkSide, type RawImage, step } from './raw.ts'
import type { Settings } from './settings.ts'

/** Pads to `box` (centred) with the fill colour when stretch is `fill`; otherwise as is. */
function padTo(image: RawImage, box: Box, settings: Settings): Promise<RawImage> | RawImage {
  if (settings.stretch !== 'fill' || (image.width >= box.width && image.height >= box.height)) return image
  const x = Math.max(0, box.width - image.width)
  const y = Math.max(0, box.height - image.height)
  return step(image, (p) =>
    p.extend({
      left: Math.floor(x / 2),
      right: Math.ceil(x / 2),
      top: Math.floor(y / 2),
      bottom: Math.ceil(y / 2),
      background: settings.fill,
    }),
  )
}

/** `preview[/WxH]`: fits inside the box, never enlarging; 2048×2048 without a size. */
export function preview(image: RawImage, args: readonly string[], settings: Settings) {
  const box = args[0] ? readFullSize(args[0], image) : { width: 2048, height: 2048 }
  checkSide(box.width, box.height, 'preview')
  if (args[0]) settings.explicitSize = true
  return step(image, (p) => p.resize({ ...box, fit: 'inside', withoutEnlargement: true }))
}

/** `resize/WxH|Wx|xH`: one side keeps the ratio, both sides may distort. */
export async function resize(image: RawImage, args: readonly string[], settings: Settings) {
  const asked = readSize(args[0], image)
  const target = {
    width: asked.width ?? Math.max(1, Math.round((image.width * asked.height!) / image.height)),
    height: asked.height ?? Math.max(1, Math.round((image.height * asked.width!) / image.width)),
  }
  checkSide(target.width, target.height, 'resize')
  settings.explicitSize = true
  const size =
    settings.stretch === 'on'
      ? target
      : { width: Math.min(target.width, image.width), height: Math.min(target.height, image.height) }
  const resized = await step(image, (p) => p.resize({ ...size, fit: 'fill' }))
  return padTo(resized, target, settings)
}

const smartTypes = /^smart/

/** `scale_crop/WxH[/type][/align]`: fills the box exactly, cropping what sticks out. */
export async function scaleCrop(image: RawImage, args: readonly string[], settings: Settings) {
  const box = readFullSize(args[0], image)
  checkSide(box.width, box.height, 'scale_crop')
  settings.explicitSize = true
  const rest = args.slice(1)
  const align = rest.find(isAlign) ?? 'center'
  let scale = Math.max(box.width / image.width, box.height / image.height)
  if (settings.stretch !== 'on') scale = Math.min(scale, 1)
  const scaled = {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  }
  const crop = { width: Math.min(box.width, scaled.width), height: Math.min(box.height, scaled.height) }
  // Content-aware types have no object detection here: libvips' attention strategy (the most
  // salient region by colour, luminance and skin tones) stands in for them.
  const cropped = rest.some((a) => smartTypes.test(a))
    ? await step(image, (p) =>
        p
          .resize({ ...scaled, fit: 'fill' })
          .resize({ ...crop, fit: 'cover', position: sharp.strategy.attention }),
      )
    : await step(image, (p) => p.resize({ ...scaled, fit: 'fill' })).then((s) =>
        step(s, (p) => p.extract({ ...place(crop, s, align), ...crop })),
      )
  return padTo(cropped, box, settings)
}

/** `smart_resize/WxH`: content-aware fill of the box (libvips' attention strategy). */
export function smartResize(image: RawImage, args: readonly string[], settings: Settings) {
  const box = readFullSize(args[0], image)
  checkSide(box.width, box.height, 'smart_resize')
  settings.explicitSize = true
  return step(image, (p) => p.resize({ ...box, fit: 'cover', position: sharp.strategy.attention }))
}
