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

export function markdownTable(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
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
