// Props a host changes after mount, and callbacks that answer renders later (FileUploader's are
// in test/browser/FileUploader.test.tsx: jsdom's FormData loses upload metadata).
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FileList, GroupEditor, type Recipe, RecipeBuilder } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()

describe('controlled and uncontrolled', () => {
  it('FileList: no longer given selectedIds, it carries on uncontrolled; given them, it shows them', async () => {
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }, { name: 'b.png' }] })
    const [a, b] = files.map((f) => f.id) as [string, string]
    const user = userEvent.setup()
    const { Wrapper } = wrapper()
    const { rerender } = render(<FileList selectedIds={[a]} />, { wrapper: Wrapper })
    const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement
    await screen.findByText('a.png')
    expect([box('a.png').checked, box('b.png').checked]).toEqual([true, false])
    rerender(<FileList selectedIds={undefined} defaultSelectedIds={[]} />)
    expect([box('a.png').checked, box('b.png').checked]).toEqual([true, false]) // as it was shown
    await user.click(box('b.png'))
    expect([box('a.png').checked, box('b.png').checked]).toEqual([true, true])
    rerender(<FileList selectedIds={[b]} defaultSelectedIds={[]} />)
    expect([box('a.png').checked, box('b.png').checked]).toEqual([false, true])
    rerender(<FileList selectedIds={[a]} defaultSelectedIds={[]} />)
    expect([box('a.png').checked, box('b.png').checked]).toEqual([true, false])
  })

  it('RecipeBuilder: no longer given a value, it carries on uncontrolled', async () => {
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const user = userEvent.setup()
    const { Wrapper } = wrapper()
    const recipe: Recipe = { kind: 'image', operations: [{ name: 'grayscale', args: [] }] }
    const { rerender, container } = render(<RecipeBuilder fileId={files[0]!.id} value={recipe} />, {
      wrapper: Wrapper,
    })
    const text = () => container.querySelector('[data-slot="recipe-text"]')!.textContent
    await waitFor(() => expect(text()).toBe('/-/grayscale/'))
    rerender(<RecipeBuilder fileId={files[0]!.id} value={undefined} />)
    await user.type(screen.getByRole('textbox', { name: 'Paste a recipe' }), '/-/flip/{Enter}')
    expect(text()).toBe('/-/flip/')
  })
})

describe('what answers renders later uses the latest props', () => {
  it("GroupEditor tells the host's latest onSaved, and RecipeBuilder its latest onConverted", async () => {
    const { files } = await emulator.seed({
      files: [{ name: 'a.png', sample: 'subject' }, { name: 'b.png' }],
    })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    emulator.faults.latency(300)
    const user = userEvent.setup()
    const heard: string[] = []
    const { Wrapper } = wrapper()
    const editor = (tab: string) => (
      <GroupEditor groupId={groups[0]!.id} onSaved={() => heard.push(`saved in ${tab}`)} />
    )
    const { rerender, unmount } = render(editor('first'), { wrapper: Wrapper })
    ;(await screen.findByRole('button', { name: '2. b.png' })).focus()
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await user.click(screen.getByRole('button', { name: 'Save group' }))
    rerender(editor('second'))
    await waitFor(() => expect(heard).toEqual(['saved in second']), { timeout: 3_000 })
    unmount()

    const builder = (tab: string) => (
      <RecipeBuilder
        fileId={files[0]!.id}
        defaultValue={{ kind: 'image', operations: [{ name: 'grayscale', args: [] }] }}
        onConverted={() => heard.push(`converted in ${tab}`)}
      />
    )
    const second = render(builder('first'), { wrapper: Wrapper })
    await user.click(await within(second.container).findByRole('button', { name: 'Convert' }))
    second.rerender(builder('second'))
    await waitFor(() => expect(heard).toEqual(['saved in second', 'converted in second']), { timeout: 3_000 })
  })
})
