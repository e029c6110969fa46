// Text made of several parts is one message with placeholders, so a translation can put the
// parts in its own order (and its own punctuation), instead of the English order glued in code.
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ActionStatusBadge, GroupEditor, GroupList, RecipeBuilder } from '../../src/index.ts'
import { setupEmulator, wrapper } from '../hooks/setup.tsx'

const { emulator } = setupEmulator()

describe('composed text follows the order of its message', () => {
  it("ActionStatusBadge's status and its Run button", async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { Wrapper } = wrapper({
      messages: {
        'action.moderate': 'modération',
        'actionStatus.notStarted': 'pas lancée',
        run: 'Lancer',
        'badge.text': '{status} ({action})',
        'badge.button': '{button} la {action}',
      },
    })
    render(<ActionStatusBadge fileId={files[0]!.id} type="moderate" />, { wrapper: Wrapper })
    expect(await screen.findByText('pas lancée (modération)')).toBe(screen.getByRole('status'))
    expect(screen.getByRole('button', { name: 'Lancer la modération' }).textContent).toBe('Lancer')
  })

  it("GroupList's Open buttons", async () => {
    const { files } = await emulator.seed({ files: [{}] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: [files[0]!.id] }] })
    const { Wrapper } = wrapper({ messages: { open: 'Öffnen', 'groups.open': '{id} öffnen' } })
    render(<GroupList onSelect={() => {}} />, { wrapper: Wrapper })
    const open = await screen.findByRole('button', { name: `${groups[0]!.id} öffnen` })
    expect(open.textContent).toBe('Öffnen')
  })

  it("GroupEditor's handles, the name still isolated", async () => {
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: [files[0]!.id] }] })
    const { Wrapper } = wrapper({ messages: { 'editor.handle': '{name} (Nr. {position})' } })
    render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: Wrapper })
    const handle = await screen.findByRole('button', { name: 'a.png (Nr. 1)' })
    expect(handle.querySelector('bdi')!.textContent).toBe('a.png')
  })

  it("GroupEditor's handles with a message that names the file twice, or not at all", async () => {
    const { files } = await emulator.seed({ files: [{ name: 'a.png' }] })
    const { groups } = await emulator.seed({ groups: [{ fileIds: [files[0]!.id] }] })
    const twice = wrapper({ messages: { 'editor.handle': '{name} – {position} – {name}!' } })
    const { unmount } = render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: twice.Wrapper })
    const handle = await screen.findByRole('button', { name: 'a.png – 1 – a.png!' })
    expect(handle.querySelectorAll('bdi')).toHaveLength(2)
    unmount()
    const none = wrapper({ messages: { 'editor.handle': 'Nr. {position}' } })
    render(<GroupEditor groupId={groups[0]!.id} />, { wrapper: none.Wrapper })
    expect(await screen.findByRole('button', { name: 'Nr. 1 a.png' })).toBeDefined()
  })

  it("RecipeBuilder's argument names, optional arguments and a pasted recipe", async () => {
    const user = userEvent.setup()
    const { files } = await emulator.seed({ files: [{ sample: 'subject' }] })
    const { Wrapper } = wrapper({
      messages: {
        'recipe.op.blur': 'Flou',
        'recipe.arg.strength': 'force',
        'recipe.argument': '{argument} de {operation}',
        'recipe.optionalArgument': '{name}, facultatif',
        'recipe.pasted': 'Recette : {recipe}',
      },
    })
    render(<RecipeBuilder fileId={files[0]!.id} />, { wrapper: Wrapper })
    await user.type(await screen.findByRole('textbox', { name: 'Paste a recipe' }), '/-/blur/20/')
    await user.click(screen.getByRole('button', { name: 'Use pasted recipe' }))
    expect(screen.getByRole('spinbutton', { name: 'force de Flou, facultatif' })).toHaveProperty(
      'value',
      '20',
    )
    expect(document.querySelector('[data-slot="announcer"]')!.textContent).toBe('Recette : /-/blur/20/')
  })
})
