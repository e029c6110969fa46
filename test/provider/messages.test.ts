// The English text is split into one group per component so that importing one component does
// not bring the others' text (scripts/check-treeshake.mjs checks the bundles); `defaultMessages`
// is still every key, each in exactly one group.
import { expect, it } from 'vitest'
import { defaultMessages, formatMessage } from '../../src/index.ts'
import * as messages from '../../src/provider/messages.ts'

const groups = Object.entries(messages).filter(
  (entry): entry is [string, Record<string, string>] =>
    entry[0].endsWith('Messages') && entry[0] !== 'defaultMessages',
)

it('puts every key in exactly one group, and all of them in defaultMessages', () => {
  expect(groups.map(([name]) => name).sort()).toEqual([
    'badgeMessages',
    'editorMessages',
    'listMessages',
    'recipeMessages',
    'stateMessages',
    'statusMessages',
    'uploaderMessages',
  ])
  const keys = groups.flatMap(([, group]) => Object.keys(group))
  expect(new Set(keys).size).toBe(keys.length)
  expect(Object.keys(defaultMessages).sort()).toEqual(keys.sort())
  for (const [, group] of groups) expect(defaultMessages).toMatchObject(group)
})

it('fills placeholders and leaves unknown ones as written', () => {
  expect(formatMessage(defaultMessages['pagination.status'], { page: 2, pages: 5 })).toBe('Page 2 of 5')
  expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}')
})
