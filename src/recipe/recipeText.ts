/** Escapes text for the image `text` operation: `~` → `~~`, `/` → `~s`, new line → `~n`. */
export function escapeRecipeText(text: string): string {
  return text.replace(/~/g, '~~').replace(/\//g, '~s').replace(/\r?\n/g, '~n')
}

/** Reads back text escaped by `escapeRecipeText` (`~~` → `~`, `~s` → `/`, `~n` → new line). */
export function unescapeRecipeText(text: string): string {
  return text.replace(/~([~sn])/g, (_, c: string) => (c === 's' ? '/' : c === 'n' ? '\n' : '~'))
}

/** Whether text has a `~` that begins none of `~~`, `~s`, `~n`: one `unescapeRecipeText` leaves as it is. */
export function hasUnpairedTilde(text: string): boolean {
  return text.replace(/~[~sn]/g, '').includes('~')
}
