// Checks the built package the way a host's bundler sees it: what one import pulls in, and which
// modules carry 'use client'. Part of `npm run check:package` (after the build).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')
const components = [
  'ActionStatusBadge',
  'FileList',
  'FileUploader',
  'GroupEditor',
  'GroupList',
  'RecipeBuilder',
]
// GroupEditor adds files by upload and by picking: it renders these two, by design.
const composes = { GroupEditor: ['FileUploader', 'FileList'] }
const problems = []

/** The dist modules (relative to dist/) and externals one import statement pulls in. */
async function pulled(contents) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    metafile: true,
    logLevel: 'error',
    external: ['react', 'react-dom', 'react/*', '@tanstack/react-query'],
  })
  // What ends up in the output, not every module esbuild read while shaking.
  const output = Object.values(result.metafile.outputs)[0]
  const modules = Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => relative(dist, resolve(root, file)))
  const externals = new Set(output.imports.filter((i) => i.external).map((i) => i.path))
  return { modules, externals, text: result.outputFiles[0].text }
}

function expectNone(what, modules, forbidden, why) {
  const found = modules.filter(forbidden)
  if (found.length) problems.push(`${what} pulls ${found.join(', ')} (${why})`)
}

const hooks =
  'createFileServiceClient, FileServiceProvider, fileServiceKeys, useGroups, useGroup, useGroupFiles, useFiles, useFile, useAction, useConversions, useCreateGroup, useUpdateGroup, useDeleteGroup, useUploadFile, useRunAction, useConvert'

const client = await pulled(`export { createFileServiceClient, isFileServiceError } from './dist/index.js'`)
expectNone(
  'the client',
  client.modules,
  (m) => !m.startsWith('api/') && !m.startsWith('recipe/') && !m.includes('<stdin>'),
  'api is plain TypeScript',
)
if (client.externals.size)
  problems.push(`the client imports ${[...client.externals].join(', ')} (it needs no React)`)

const hookImport = await pulled(`export { ${hooks} } from './dist/index.js'`)
expectNone(
  'the hooks',
  hookImport.modules,
  (m) => m.startsWith('components/') || m.endsWith('.css'),
  'no components or CSS',
)
expectNone(
  'the hooks',
  hookImport.modules,
  (m) => m === 'recipe/catalogue.js',
  'the operation catalogue is for forms',
)

// One English string of each component's message group, and the components that show it.
const texts = {
  'Image recognition': ['ActionStatusBadge'],
  'Per page': ['FileList', 'GroupList', 'GroupEditor'],
  'Save group': ['GroupEditor'],
  'Add operation': ['RecipeBuilder'],
  'Drop files here, or choose them': ['FileUploader', 'GroupEditor'],
}

for (const name of components) {
  const { modules, text } = await pulled(`export { ${name} } from './dist/index.js'`)
  for (const [phrase, owners] of Object.entries(texts)) {
    if (!owners.includes(name) && text.includes(phrase))
      problems.push(`${name} carries "${phrase}" (each component brings only its own text)`)
  }
  const allowed = [name, 'shared', ...(composes[name] ?? [])].map((folder) => `components/${folder}/`)
  expectNone(
    name,
    modules,
    (m) => m.startsWith('components/') && !allowed.some((prefix) => m.startsWith(prefix)),
    'one component pulls no other',
  )
  expectNone(name, modules, (m) => m.endsWith('.css'), 'styles are imported by the host, once')
}

// Next.js app router: every module that uses React state or context starts with 'use client';
// the client, the recipe model, keys and query options stay usable from server code.
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.name.endsWith('.js')) yield path
  }
}
for (const file of walk(dist)) {
  const name = relative(dist, file)
  if (name === 'testing.js' || name.startsWith('testing/')) continue
  const code = readFileSync(file, 'utf8')
  const directive = /^(\/\/[^\n]*\n|\s)*["']use client["']/.test(code)
  const usesReact = /from "react"/.test(code) && /\buse[A-Z]\w*\(|createContext\(/.test(code)
  if (usesReact && !directive) problems.push(`${name} uses React hooks or context but has no 'use client'`)
  if (
    directive &&
    (name.startsWith('api/') || name.startsWith('recipe/') || name === 'hooks/queryOptions.js')
  )
    problems.push(`${name} is marked 'use client' but must stay usable on the server`)
}

if (problems.length) {
  console.error(`Tree-shaking / 'use client' check failed:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
console.log(`Tree-shaking and 'use client' check passed (client, hooks, ${components.length} components).`)
