// What earlier operations of a recipe set for later ones and for the output.

export type Format = 'jpg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff'
export const writableFormats: readonly Format[] = ['avif', 'gif', 'jpg', 'png', 'tiff', 'webp']

export interface Settings {
  /** `setfill`: padding, alpha flattened into JPEG. @default white */
  fill: { r: number; g: number; b: number; alpha: number }
  /** `stretch`: whether resize and scale_crop may enlarge, or pad instead. @default 'on' */
  stretch: 'on' | 'off' | 'fill'
  /** `format`, when given (`auto` and `preserve` as written). */
  format: string | undefined
  quality: number | undefined
  progressive: boolean
  /** Whether the last sizing operation named its size (then the output limit is an error, not a fit). */
  explicitSize: boolean
}

export const defaultSettings = (): Settings => ({
  fill: { r: 255, g: 255, b: 255, alpha: 1 },
  stretch: 'on',
  format: undefined,
  quality: undefined,
  progressive: false,
  explicitSize: false,
})
