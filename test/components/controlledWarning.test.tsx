// A value given without its change callback can't change (as React's <input value> without
// onChange): in development the kit says so, once. Its own file: the warning is once per page.
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { type Recipe, RecipeBuilder } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()

it('warns once in development when a value comes without its change callback, not when it has one', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { files } = await emulator.seed({ files: [{}] })
  const value: Recipe = { kind: 'image', operations: [{ name: 'grayscale', args: [] }] }
  const { Wrapper } = wrapper()
  const ours = () => warn.mock.calls.filter(([text]) => String(text).includes('change callback'))
  const { rerender } = render(
    <RecipeBuilder fileId={files[0]!.id} value={value} onValueChange={() => {}} />,
    {
      wrapper: Wrapper,
    },
  )
  await screen.findByRole('button', { name: 'Convert' })
  rerender(<RecipeBuilder fileId={files[0]!.id} defaultValue={value} />)
  expect(ours()).toHaveLength(0)
  rerender(<RecipeBuilder fileId={files[0]!.id} value={value} />)
  await userEvent.setup().click(screen.getByRole('button', { name: /^Remove/ }))
  rerender(<RecipeBuilder fileId={files[0]!.id} value={value} />)
  expect(ours()).toHaveLength(1)
  expect(String(ours()[0]![0])).toMatch(/RecipeBuilder `value` without `onValueChange`/)
  vi.restoreAllMocks()
})
