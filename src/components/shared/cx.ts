/** Joins class names, skipping empty ones; the caller's `className` goes last. */
export const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ')
