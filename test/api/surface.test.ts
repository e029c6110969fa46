// The public surface, by name: any change to what `@filekit/react` and `@filekit/react/testing`
// export shows up in review as a change to the committed list.
import { expect, it } from 'vitest'
import * as main from '../../src/index.ts'
import * as testing from '../../src/testing/index.ts'

it('exports exactly the committed names', async () => {
  const list = (entry: object) => Object.keys(entry).sort().join('\n')
  await expect(
    `# @filekit/react\n${list(main)}\n\n# @filekit/react/testing\n${list(testing)}\n`,
  ).toMatchFileSnapshot('./surface.snapshot.txt')
})
