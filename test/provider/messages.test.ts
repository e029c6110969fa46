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

it("picks a count's words by the locale's plural form", () => {
  const files = '{count, plural, =0 {no files} one {# file} other {# files}} in {group}'
  expect([0, 1, 2, 1500].map((count) => formatMessage(files, { count, group: 'g-1' }, String, 'en'))).toEqual(
    ['no files in g-1', '1 file in g-1', '2 files in g-1', '1500 files in g-1'],
  )
  // Polish has four forms; the words may hold placeholders, and # is the number as written.
  const polish = '{count, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}} ({name})'
  const numbers = new Intl.NumberFormat('pl-PL').format
  expect(
    [1, 3, 5, 22, 1.5].map((count) => formatMessage(polish, { count, name: 'x' }, numbers, 'pl')),
  ).toEqual(['1 plik (x)', '3 pliki (x)', '5 plików (x)', '22 pliki (x)', '1,5 pliku (x)'])
  // The English defaults use it: no "at most 1 files".
  expect(formatMessage(defaultMessages['editor.tooMany'], { max: 1 }, String, 'en')).toBe(
    'A group holds at most 1 file.',
  )
  // Written compactly, as ICU allows; an exact match is exact (=1x5 is not 1.5).
  expect(formatMessage('{n,plural,one{# file}other{# files}}', { n: 1 }, String, 'en')).toBe('1 file')
  expect(
    formatMessage('{n, plural, =1x5 {odd} =1.5 {one and a half} other {#}}', { n: 1.5 }, String, 'en'),
  ).toBe('one and a half')
  // Without the number, or with no form that fits, it stays as written.
  expect(formatMessage('{n, plural, one {# a}}', {}, String, 'en')).toBe('{n, plural, one {# a}}')
  expect(formatMessage('{n, plural, one {# a}}', { n: 2 }, String, 'en')).toBe('{n, plural, one {# a}}')
})
