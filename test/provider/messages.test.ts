// The English text is split into one group per component so that importing one component does
// not bring the others' text (scripts/check-treeshake.mjs checks the bundles); `defaultMessages`
// is still every key, each in exactly one group.
import { expect, it } from 'vitest'
import {
  badgeMessages,
  defaultMessages,
  editorMessages,
  formatMessage,
  listMessages,
  recipeMessages,
  stateMessages,
  statusMessages,
  uploaderMessages,
} from '../../src/index.ts'

const groups: Record<string, string>[] = [
  stateMessages,
  statusMessages,
  badgeMessages,
  listMessages,
  editorMessages,
  recipeMessages,
  uploaderMessages,
]

it('puts every key in exactly one group, and all of them in defaultMessages', () => {
  const keys = groups.flatMap((group) => Object.keys(group))
  expect(new Set(keys).size).toBe(keys.length)
  expect(Object.keys(defaultMessages).sort()).toEqual(keys.sort())
  for (const group of groups) expect(defaultMessages).toMatchObject(group)
})

it('fills placeholders and leaves unknown ones as written', () => {
  expect(formatMessage(defaultMessages['pagination.status'], { page: 2, pages: 5 })).toBe('Page 2 of 5')
  expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}')
  const german = new Intl.NumberFormat('de-DE')
  expect(formatMessage('{page} of {pages}: {name}', { page: 2, pages: 1500, name: '7' }, german.format)).toBe(
    '2 of 1.500: 7',
  )
})
