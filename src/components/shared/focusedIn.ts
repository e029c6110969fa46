/**
 * The element with the keyboard in `node`'s own document or shadow root. `document.activeElement`
 * is the shadow host when it is in a shadow root (a web component wrapping a component), and the
 * `<iframe>` when the component is rendered into a frame's document from the page around it.
 */
export const focusedIn = (node: Node | null | undefined) =>
  (node?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement ?? null
