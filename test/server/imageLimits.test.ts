// UPSTREAM §1a's output limit (the last operation's output ≤ 3000×3000, ≤ 5000×5000 with an
// explicit format/jpeg) the same in both engines: the simulated ones (MSW hosts, Storybook) and
// sharp (the server). Same recipes, same sources, same outcome.
import { describe, expect, it } from 'vitest'
import { createSharpEngines } from '../../server/sharpEngines.ts'
import {
  createPng,
  createSimulatedEngines,
  ProcessingError,
  probeBytes,
  subjectPng,
} from '../../src/testing/index.ts'
import { fileRecord } from '../support/fileRecord.ts'

const fileOf = (data: Uint8Array) =>
  fileRecord({ size: data.length, image: probeBytes(data, 'image/png').image })

const small = subjectPng(30, 10)
const wide = createPng(3400, 20, (x) => (x % 2 ? [255, 0, 0] : [0, 0, 255]))

const fits: [string, Uint8Array, string, { width: number; height: number }][] = [
  [
    'a named size within 5000 with format/jpeg',
    small,
    '/-/resize/3200x/-/format/jpeg/',
    { width: 3200, height: 1067 },
  ],
  [
    'a large source with no size named, fitted inside 3000',
    wide,
    '/-/format/png/',
    { width: 3000, height: 18 },
  ],
  [
    'a large source within 5000 with format/jpeg, as it is',
    wide,
    '/-/format/jpeg/',
    { width: 3400, height: 20 },
  ],
  [
    'a preview box larger than the image (it only shrinks)',
    small,
    '/-/preview/4000x4000/',
    { width: 30, height: 10 },
  ],
]
const refused: [string, Uint8Array, string, RegExp][] = [
  ['a named size over 3000', small, '/-/resize/3200x/', /limit is 3000×3000/],
  ['the last of two sizes over 3000', small, '/-/resize/100x/-/resize/3100x/', /3000/],
  ['a named size over 5000 with format/jpeg', small, '/-/format/jpeg/-/resize/5200x/', /5000/],
  ['scale_crop over 3000 without format/jpeg', small, '/-/scale_crop/3100x100/', /limit is 3000×3000/],
]

describe.each([
  ['simulated', createSimulatedEngines()],
  ['sharp', createSharpEngines()],
])('image output limit: %s engines', (_name, engines) => {
  it.each(fits)('gives %s', async (_case, data, recipe, size) => {
    const out = await engines.convert('image', fileOf(data), data, recipe)
    expect(out.image).toMatchObject(size)
  })

  it.each(refused)('refuses %s', async (_case, data, recipe, message) => {
    const attempt = engines.convert('image', fileOf(data), data, recipe)
    await expect(attempt).rejects.toBeInstanceOf(ProcessingError)
    await expect(attempt).rejects.toThrow(message)
  })
})
