// Numbers in messages read as the provider's locale writes them, like sizes and dates do.
import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FileList, GroupEditor, GroupList } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()

describe('numbers in messages', () => {
  it('the page status and page sizes of a list, in Arabic digits for ar-EG', async () => {
    await emulator.seed({ files: Array.from({ length: 25 }, () => ({})) })
    const { Wrapper } = wrapper({ locale: 'ar-EG' })
    render(<FileList defaultPageSize={10} />, { wrapper: Wrapper })
    expect(await screen.findByText('Page ١ of ٣')).toBeDefined()
    const sizes = within(screen.getByRole('combobox')).getAllByRole('option')
    expect(sizes.map((option) => option.textContent)).toEqual(['١٠', '٢٠', '٥٠', '١٠٠'])
    expect(sizes.map((option) => option.getAttribute('value'))).toEqual(['10', '20', '50', '100'])
  })

  it("the group editor's handles and announcements, in Arabic digits for ar-EG", async () => {
    const { files } = await emulator.seed({
      files: [{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }],
    })
    const { groups } = await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ locale: 'ar-EG' })
    render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: Wrapper })
    ;(await screen.findByRole('button', { name: '٣. c.png' })).focus()
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    expect(document.querySelector('[data-slot="announcer"]')!.textContent).toBe(
      'c.png moved to position ٢ of ٣.',
    )
  })

  it("a group list's file counts, in Arabic digits for ar-EG", async () => {
    const { files } = await emulator.seed({ files: [{}, {}, {}] })
    await emulator.seed({ groups: [{ fileIds: files.map((f) => f.id) }] })
    const { Wrapper } = wrapper({ locale: 'ar-EG' })
    render(<GroupList />, { wrapper: Wrapper })
    const row = (await screen.findAllByRole('row'))[1]!
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('٣')
  })
})
