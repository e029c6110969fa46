import { render, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FileUploader } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'
import { expectNoAxeViolations } from './axe.ts'

const { emulator, count } = setupEmulator()
const item = (name: string) => screen.getByText(name).closest('li')!

// Progress and cancel need a real XMLHttpRequest: they are tested in Chromium
// (test/browser/FileUploader.test.tsx).
describe('FileUploader', () => {
  it('uploads several chosen files and reports each one', async () => {
    const onUploaded = vi.fn()
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    const { container } = render(<FileUploader onUploaded={onUploaded} />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['one'], 'one.txt', { type: 'text/plain' }),
      new File(['two'], 'two.txt', { type: 'text/plain' }),
    ])
    expect(within(screen.getByRole('list', { name: 'Uploads' })).getAllByRole('listitem')).toHaveLength(2)
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(2))
    expect(within(item('one.txt')).getByRole('status').textContent).toBe('Uploaded')
    expect(item('two.txt').getAttribute('data-status')).toBe('done')
    expect(count('POST', '/files.json')).toBe(2)
    await expectNoAxeViolations(container)
  })

  it('refuses files over the size limit or of another type, with a clear message, without sending them', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader accept={['image/*', '.pdf']} maxSize={10} />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['x'.repeat(50)], 'big.png', { type: 'image/png' }),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ])
    expect(within(item('big.png')).getByRole('alert').textContent).toBe('Larger than 10 bytes')
    expect(within(item('notes.txt')).getByRole('alert').textContent).toBe(
      'Not an accepted type (image/*, .pdf)',
    )
    expect(count('POST', '/files.json')).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Remove big.png from the list' }))
    expect(screen.queryByText('big.png')).toBeNull()
  })

  it('shows a failure and retries it', async () => {
    emulator.faults.failNext('files.json', { status: 503, message: 'Storage is down' })
    const user = userEvent.setup()
    const { Wrapper } = wrapper({ token: undefined })
    render(<FileUploader />, { wrapper: Wrapper })
    await user.upload(screen.getByLabelText('Choose files'), new File(['a'], 'a.txt', { type: 'text/plain' }))
    await vi.waitFor(() =>
      expect(within(item('a.txt')).getByRole('alert').textContent).toContain('Storage is down'),
    )
    await user.click(screen.getByRole('button', { name: 'Retry a.txt' }))
    await vi.waitFor(() => expect(within(item('a.txt')).getByRole('status').textContent).toBe('Uploaded'))
  })

  it('accepts dropped files', async () => {
    const { Wrapper } = wrapper({ token: undefined })
    const { container } = render(<FileUploader />, { wrapper: Wrapper })
    const zone = container.querySelector('[data-slot="dropzone"]')!
    const file = new File(['d'], 'dropped.txt', { type: 'text/plain' })
    const { fireEvent } = await import('@testing-library/react')
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } })
    expect(zone.getAttribute('data-dragging')).toBe('true')
    fireEvent.drop(zone, { dataTransfer: { files: [file] } })
    await vi.waitFor(() =>
      expect(within(item('dropped.txt')).getByRole('status').textContent).toBe('Uploaded'),
    )
  })
})
