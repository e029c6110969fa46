// File names come from anyone who uploads: a bidi override in one (U+202E) would draw
// `invoice‮gpj.exe` as "invoiceexe.jpg", and reorder what follows it. Shown names carry a visible
// U+FFFD instead, and the editor's handles isolate the name from the status after it.
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FileList, FileUploader, GroupEditor } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()
const spoof = 'invoice\u202egpj.exe'
const shown = 'invoice\ufffdgpj.exe'

describe('file names with bidi controls', () => {
  it('FileList shows the control as U+FFFD, in the cell and the checkbox name', async () => {
    await emulator.seed({ files: [{ name: spoof }] })
    const { Wrapper } = wrapper()
    render(<FileList defaultSelectedIds={[]} />, { wrapper: Wrapper })
    expect((await screen.findByRole('cell', { name: shown })).textContent).toBe(shown)
    expect(screen.getByRole('checkbox', { name: `Select ${shown}` })).toBeDefined()
  })

  it("GroupEditor's handle isolates the name from the status after it", async () => {
    const { files } = await emulator.seed({ files: [{ name: `${spoof}\u2067x` }] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: [files[0]!.id] }] })
    const { Wrapper } = wrapper()
    render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: Wrapper })
    const handle = await screen.findByRole('button', { name: `1. ${shown}\ufffdx` })
    expect(handle.querySelector('bdi')?.textContent).toBe(`${shown}\ufffdx`)
  })

  it('FileUploader lists a chosen file by its shown name, isolated', async () => {
    const user = userEvent.setup()
    const { Wrapper } = wrapper()
    const { container } = render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [new File(['x'], spoof, { type: 'text/plain' })])
    const name = container.querySelector('[data-slot="upload-name"]')!
    expect(name.tagName).toBe('BDI')
    expect(name.textContent).toBe(shown)
    expect(await screen.findByRole('button', { name: `Remove ${shown} from the list` })).toBeDefined()
  })
})
