'use client'
import { forwardRef, type ReactElement, version } from 'react'

/**
 * The component itself on React 19, where `ref` is a prop. React 18 never gives a function
 * component its `ref` (and logs an error when one is passed): there it is wrapped in forwardRef,
 * which hands the ref back as the `ref` prop, so hosts on either version pass `ref` the same way.
 */
// Typed as returning an element (not ReactNode) so hosts on older @types/react can use them in JSX.
export function withRef<P extends object>(
  render: (props: P) => ReactElement | null,
): (props: P) => ReactElement | null {
  if (Number.parseInt(version, 10) >= 19) return render
  const forwarded = forwardRef<unknown, P>((props, ref) => render((ref ? { ...props, ref } : props) as P))
  forwarded.displayName = render.name
  return forwarded as unknown as (props: P) => ReactElement | null
}
