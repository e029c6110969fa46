/**
 * Copies `text` to the clipboard. Where the clipboard is missing (a page not served over HTTPS)
 * or refuses, selects the element showing the text instead, so the user can copy it by hand.
 * Resolves to whether it was copied.
 */
export async function copyText(text: string, shown: Element | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // The selection of its own window: a component rendered into a frame from the page around it.
    if (shown) shown.ownerDocument.defaultView?.getSelection()?.selectAllChildren(shown)
    return false
  }
}
