/** Names the browser tab (and the page, for screen readers) after the view on screen. */
export function setPageTitle(view: string) {
  document.title = `${view} · Filekit playground`
}
