// What `seed()` and `POST /__emulator/seed` are given is checked before anything is made: a
// mistake in a test's seed is named, rather than crashing the emulator halfway (a 500).

export const sampleNames = ['subject', 'blank', 'pdf', 'video', 'eicar'] as const

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

function unknownKeys(where: string, value: Record<string, unknown>, known: readonly string[]) {
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .slice(0, 5)
    .map((key) => `${where}${shown(key)} is not a seed field; known: ${known.join(', ')}.`)
}

/**
 * Checks `list` is an array of objects (`name` is "an array of `what`"), then each of its first
 * 1000 with `check`, given where it is (`files[2]`).
 */
function eachObject(
  problems: string[],
  name: string,
  what: string,
  list: unknown,
  check: (at: string, entry: Record<string, unknown>) => void,
) {
  if (!Array.isArray(list)) return problems.push(`${name} is an array of ${what} (got ${shown(list)}).`)
  for (const [i, entry] of (list as unknown[]).slice(0, 1000).entries()) {
    const at = `${name}[${i}]`
    if (isObject(entry)) check(at, entry)
    else problems.push(`${at} is an object (got ${shown(entry)}).`)
  }
}

/** The problems of a seed (`{ files?, groups? }`, and `demo` when `demo` is true), or none. */
export function checkSeed(input: unknown, demo = false): string[] {
  if (!isObject(input)) return [`The seed is an object { files?, groups? } (got ${shown(input)}).`]
  const problems = unknownKeys('', input, demo ? ['demo', 'files', 'groups'] : ['files', 'groups'])
  if (demo && input.demo !== undefined && typeof input.demo !== 'boolean')
    problems.push(`demo is true or false (got ${shown(input.demo)}).`)
  const { files = [], groups = [] } = input
  eachObject(problems, 'files', 'files to make', files, (at, file) => {
    problems.push(...unknownKeys(`${at}: `, file, ['sample', 'data', 'name', 'mime', 'metadata']))
    if (file.sample !== undefined && !(sampleNames as readonly unknown[]).includes(file.sample))
      problems.push(`${at}.sample is one of ${sampleNames.join(', ')} (got ${shown(file.sample)}).`)
    if (file.data !== undefined && !(file.data instanceof Uint8Array))
      problems.push(
        `${at}.data is bytes, a Uint8Array (got ${shown(file.data)}); JSON can't carry them: upload the file (POST /api/v1/projects/<project>/files.json) instead.`,
      )
    for (const key of ['name', 'mime'] as const)
      if (file[key] !== undefined && typeof file[key] !== 'string')
        problems.push(`${at}.${key} is a string (got ${shown(file[key])}).`)
    const metadata = file.metadata
    if (
      metadata !== undefined &&
      (!isObject(metadata) || !Object.values(metadata).every((v) => typeof v === 'string'))
    )
      problems.push(`${at}.metadata is an object of strings (got ${shown(metadata)}).`)
  })
  eachObject(problems, 'groups', 'groups to make', groups, (at, group) => {
    problems.push(...unknownKeys(`${at}: `, group, ['fileIds', 'files', 'status']))
    const { fileIds, files: indexes, status } = group
    if (fileIds !== undefined && !(Array.isArray(fileIds) && fileIds.every((id) => typeof id === 'string')))
      problems.push(`${at}.fileIds is an array of file ids (got ${shown(fileIds)}).`)
    const fileCount = Array.isArray(files) ? files.length : 0
    if (
      indexes !== undefined &&
      !(
        Array.isArray(indexes) &&
        indexes.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < fileCount)
      )
    )
      problems.push(
        `${at}.files is an array of indexes into this seed's files (got ${shown(indexes)}; ${fileCount ? `0 to ${fileCount - 1}` : 'it makes none: name existing files by fileIds'}).`,
      )
    // As the service refuses to make one (422).
    else if ((fileIds === undefined || Array.isArray(fileIds)) && !(fileIds ?? indexes ?? []).length)
      problems.push(`${at} names no file: a group has at least one (fileIds, or files by index).`)
    if (status !== undefined && typeof status !== 'string')
      problems.push(`${at}.status is a string (got ${shown(status)}).`)
  })
  return problems.slice(0, 20)
}
