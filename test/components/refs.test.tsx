// `ref` reaches each component's root element, on React 19 (a prop) and on React 18 (the same
// components run in vitest.react18.config.ts, where they are wrapped in forwardRef), without a
// console.error either way.
import { render, screen, waitFor } from '@testing-library/react'
import { cloneElement, createRef, type ReactElement, type RefObject } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ActionStatusBadge,
  FileList,
  FileUploader,
  GroupEditor,
  GroupList,
  RecipeBuilder,
} from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {}) // the secret key in a "browser"
  vi.spyOn(console, 'error')
})
afterEach(() => {
  expect(console.error).not.toHaveBeenCalled()
  vi.restoreAllMocks()
})

type Case = [string, (ref: RefObject<never>, ids: { fileId: string; groupId: string }) => ReactElement]
const cases: Case[] = [
  ['GroupEditor', (ref, { groupId }) => <GroupEditor ref={ref} groupId={groupId} />],
  ['FileList', (ref) => <FileList ref={ref} />],
  ['GroupList', (ref) => <GroupList ref={ref} />],
  ['FileUploader', (ref) => <FileUploader ref={ref} />],
  [
    'ActionStatusBadge',
    (ref, { fileId }) => <ActionStatusBadge ref={ref} fileId={fileId} type="recognize" />,
  ],
  ['RecipeBuilder', (ref, { fileId }) => <RecipeBuilder ref={ref} fileId={fileId} />],
]

describe('ref', () => {
  it.each(cases)('%s gives its root element, the one that carries the rest props', async (_, ui) => {
    const { files, groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
    const ref = createRef<HTMLElement>()
    const { Wrapper } = wrapper()
    render(
      <div data-testid="host">
        {ui(ref as RefObject<never>, { fileId: files[0]!.id, groupId: groups[0]!.id })}
      </div>,
      { wrapper: Wrapper },
    )
    const root = () => screen.getByTestId('host').firstElementChild
    // While loading too: the root element is the same in every state.
    expect(ref.current).toBeInstanceOf(HTMLElement)
    expect(ref.current).toBe(root())
    await waitFor(() => expect(root()?.getAttribute('data-state') ?? 'ready').toBe('ready'))
    expect(ref.current).toBeInstanceOf(HTMLElement)
    expect(ref.current).toBe(root())
  })
})

describe('rest props', () => {
  it.each(cases)(
    "%s keeps its own data-slot over a host's, and takes the host's other attributes",
    async (_, ui) => {
      const { files, groups } = await emulator.seed({ files: [{}], groups: [{ files: [0] }] })
      const { Wrapper } = wrapper()
      const element = ui(createRef() as RefObject<never>, { fileId: files[0]!.id, groupId: groups[0]!.id })
      // The documented state attributes are the component's: a host's own selectors (and the
      // badge's colours) read them.
      const host = { 'data-slot': 'host', 'data-testid': 'root', 'aria-describedby': 'x', id: 'mine' }
      render(cloneElement(element, host as never), { wrapper: Wrapper })
      const root = screen.getByTestId('root')
      expect(root.dataset.slot).not.toBe('host')
      expect([root.id, root.getAttribute('aria-describedby')]).toEqual(['mine', 'x'])
    },
  )
})
