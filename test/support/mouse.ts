import type { BrowserCommand } from 'vitest/node'

/**
 * A browser test's command: moves Playwright's mouse onto the middle of the element `selector`
 * finds in the test's frame, then presses or releases its button there ('move': neither). A real
 * drag and drop in Chromium that a test can act in between (`userEvent.dragAndDrop` is one step).
 */
export const mouse: BrowserCommand<[action: 'down' | 'move' | 'up', selector: string]> = async (
  { page, frame },
  action,
  selector,
) => {
  const box = await (await frame()).locator(selector).boundingBox()
  if (!box) throw new Error(`mouse: nothing shown matches ${selector}`)
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 })
  if (action === 'down') await page.mouse.down()
  if (action === 'up') await page.mouse.up()
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    mouse: (action: 'down' | 'move' | 'up', selector: string) => Promise<void>
  }
}
