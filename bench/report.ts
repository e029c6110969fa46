// What every bench part hands back, and how it is printed.

/** One figure, optionally held against a budget from DESIGN.md "Budgets". */
export interface Row {
  what: string
  figure: string
  budget?: string
  /** Whether the budget is met; undefined when the row has no budget. */
  met?: boolean
  /** Said after the verdict, e.g. that the median is within the budget though the p95 is not. */
  note?: string
}

export interface PartResult {
  title: string
  rows: Row[]
  /** Markdown for results.md: detail tables and what exactly was measured. */
  details: string[]
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`

/** Median, p95 and max of a sample (nearest rank). */
export function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? Number.NaN }
}

/** One line of a markdown table. */
export const tableLine = (cells: string[]) => `| ${cells.join(' | ')} |`

export function markdownTable(head: string[], rows: string[][]): string {
  return [tableLine(head), tableLine(head.map(() => '---')), ...rows.map(tableLine)].join('\n')
}

export const verdict = (row: Row) =>
  (row.met === undefined ? '' : row.met ? 'met' : 'NOT met') + (row.note ? ` (${row.note})` : '')

/** The rows as a plain-text table for the terminal. */
export function printTable(parts: PartResult[]) {
  const rows = parts.flatMap((part) =>
    part.rows.map((r) => [part.title, r.what, r.figure, r.budget ?? '', verdict(r)]),
  )
  const head = ['part', 'what', 'figure', 'budget', '']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  console.log(`\n${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const r of rows) console.log(fmt(r))
}

/** A part's figures and section as an earlier run wrote them into results.md. */
export interface KeptPart {
  name: string
  /** When that run wrote them (ISO). */
  written: string
  quick: boolean
  command: string
  /** Its rows of "Figures against the budgets", as markdown table lines. */
  tableLines: string[]
  /** Its section's markdown, without the heading and the marker. */
  section: string
}

type PartOrigin = Pick<KeptPart, 'name' | 'written' | 'quick' | 'command'>

/** A comment at the top of a part's section in results.md: which run wrote it. */
export const partMarker = (part: PartOrigin) => `<!-- bench part: ${JSON.stringify(part)} -->`

/**
 * The parts in a results.md, by name: each part's rows of the budget table and its section (from
 * its `## name` heading up to the next `## `). A section without a marker (a file written before
 * markers) takes the file's own "Written by" line.
 */
export function keptParts(text: string): Map<string, KeptPart> {
  const lines = text.split('\n')
  const header = /^Written by `([^`]+)` on (\S+) in/m.exec(text)
  const fileQuick = text.includes('**Quick run')
  const out = new Map<string, KeptPart>()
  for (let i = 0; i < lines.length; i++) {
    const heading = /^## (\w+)$/.exec(lines[i]!)
    const name = heading?.[1]
    if (!name || ['Machine', 'Figures', 'Reading'].includes(name)) continue
    let end = lines.findIndex((line, j) => j > i && line.startsWith('## '))
    if (end === -1) end = lines.length
    let body = lines.slice(i + 1, end)
    const marker = body
      .map((line) => /^<!-- bench part: (.*) -->$/.exec(line)?.[1])
      .find((json) => json !== undefined)
    const origin: PartOrigin = marker
      ? (JSON.parse(marker) as PartOrigin)
      : { name, written: header?.[2] ?? 'unknown', quick: fileQuick, command: header?.[1] ?? 'unknown' }
    body = body.filter((line) => !line.startsWith('<!-- bench part: '))
    out.set(name, {
      ...origin,
      name,
      tableLines: lines.filter((line) => line.startsWith(`| ${name} |`)),
      section: body.join('\n').trim(),
    })
  }
  return out
}
