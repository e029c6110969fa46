// Intl formatters are slow to build (a FileList page of 100 rows spent ~16 ms making them):
// each distinct locale and option set is built once and reused.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined
  if (!made) {
    made = make()
    formatters.set(key, made)
  }
  return made
}

/**
 * A file name as shown: bidi controls become a visible U+FFFD. An override in a name written as
 * `invoice\u202Egpj.exe` draws it as "invoiceexe.jpg", and its effect runs on into what follows.
 */
export const shownName = (name: string) => name.replace(/[\u202a-\u202e\u2066-\u2069]/g, '\ufffd')

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

/** `1.2 MB`, `640 kB`, `12 bytes` through Intl with the given locale (short units read "12 byte"). */
export function formatSize(bytes: number | null, locale?: string): string {
  if (bytes === null) return '—'
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return formatter(
    `size ${locale} ${unit}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: units[unit],
        unitDisplay: unit === 0 ? 'long' : 'short',
        maximumFractionDigits: unit === 0 ? 0 : 1,
      }),
  ).format(value)
}

/** A count or position as the locale writes it (`1,234` in en-US, `1.234` in de-DE, `١٢` in ar-EG). */
export function formatNumber(value: number, locale?: string): string {
  return formatter(`number ${locale}`, () => new Intl.NumberFormat(locale)).format(value)
}

/** A percentage (`0.42` → `42%`) through Intl with the given locale. */
export function formatPercent(ratio: number, locale?: string): string {
  return formatter(`percent ${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent' })).format(
    ratio,
  )
}

/** A date and time through Intl with the given locale and time zone. */
export function formatDate(iso: string | null, locale?: string, timeZone?: string): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : formatter(
        // With no zone given, the computer's, which may change while the page is open (travel):
        // its offset now tells the formatter made for another zone apart.
        `date ${locale} ${timeZone ?? date.getTimezoneOffset()}`,
        () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      ).format(date)
}
