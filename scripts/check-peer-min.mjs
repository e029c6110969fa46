// The oldest @tanstack/react-query the peer range allows, against the built package's types: the
// .d.ts files name TanStack types (QueryKeyWithDataTag, say) that older 5.x releases don't
// export, and a host on one of those would get errors in our types and `{}` for its data.
// Installs that version into .compat/tanstack-min (once; gitignored) and type-checks
// scripts/peer-min/host.tsx, a host's code, with it. Part of `npm run check:package` (after the build).
import { readFileSync, writeFileSync } from 'node:fs'
import { installCompat, root, run } from './compat.mjs'

const range = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).peerDependencies[
  '@tanstack/react-query'
]
const version = /^\^(\d+\.\d+\.\d+)$/.exec(range)?.[1]
if (!version) {
  console.error(
    `peerDependencies["@tanstack/react-query"] is "${range}": expected ^x.y.z, whose x.y.z is checked here`,
  )
  process.exit(1)
}
const prefix = installCompat('tanstack-min', { '@tanstack/react-query': version })

// The host resolves @filekit/react to the built types and TanStack to the old release; React's
// types come from this repo. skipLibCheck stays off: errors inside our .d.ts files count.
const nodeModules = `${root}node_modules/`
writeFileSync(
  `${prefix}tsconfig.json`,
  `${JSON.stringify(
    {
      compilerOptions: {
        // As @tsconfig/strictest has them.
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: false,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        types: [],
        typeRoots: [`${nodeModules}@types`],
        paths: {
          '@filekit/react': [`${root}dist/index.d.ts`],
          '@tanstack/react-query': [`${prefix}node_modules/@tanstack/react-query`],
          '@tanstack/query-core': [`${prefix}node_modules/@tanstack/query-core`],
          react: [`${nodeModules}@types/react`],
          'react/jsx-runtime': [`${nodeModules}@types/react/jsx-runtime.d.ts`],
        },
      },
      files: [`${root}scripts/peer-min/host.tsx`],
    },
    null,
    2,
  )}\n`,
)
run(process.execPath, [`${nodeModules}typescript/bin/tsc`, '-p', `${prefix}tsconfig.json`])
console.log(`types check with @tanstack/react-query ${version}, the oldest the peer range allows`)
