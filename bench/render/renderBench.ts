// Builds bench/render with Vite (production React), serves it with Vite's preview server and
// drives it in Debian's Chromium through playwright-core. Each scenario runs several times in
// the page; see bench/render/main.tsx for what exactly is timed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build, preview } from 'vite'
import { chromiumArgs, chromiumPath } from '../../test/support/chromium.ts'
import { markdownTable, ms, type PartResult, type Row, stats } from '../report.ts'
import type { BenchApi } from './main.tsx'

const root = fileURLToPath(new URL('.', import.meta.url))

interface Scenario {
  name: string
  what: string
  /** Budget on commit + layout, in ms (DESIGN.md "Budgets"). */
  budget?: number
}

const scenarios: Scenario[] = [
  { name: 'group-editor-mount-1000', what: 'GroupEditor, 1000 files: mount', budget: 100 },
  {
    name: 'group-editor-reorder-1000',
    what: 'GroupEditor, 1000 files: one Alt+ArrowDown reorder',
    budget: 16,
  },
  { name: 'file-list-mount-100', what: 'FileList, page of 100 rows: mount', budget: 30 },
  { name: 'file-list-page-change-100', what: 'FileList, 100 rows: page change (next/previous)' },
  {
    name: 'file-list-format-100',
    what: "FileList's size and date formatting for 100 rows, alone",
  },
  { name: 'badges-mount-100', what: 'ActionStatusBadge × 100 (100 files, done): mount' },
  {
    name: 'badges-unrelated-update-100',
    what: 'ActionStatusBadge × 100: one update of another query',
  },
  { name: 'recipe-builder-mount-20', what: 'RecipeBuilder, 20 operations: mount' },
  { name: 'recipe-builder-edit-20', what: 'RecipeBuilder, 20 operations: one edit (a width typed)' },
]

export async function renderBench({ quick }: { quick: boolean }): Promise<PartResult> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
    )
  }
  const runs = quick ? 5 : 30
  const warmup = quick ? 1 : 5
  const outDir = mkdtempSync(join(tmpdir(), 'filekit-render-bench-'))
  // Vite's production build sets NODE_ENV for this process, and every child would inherit it.
  const nodeEnv = process.env.NODE_ENV
  await build({
    root,
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: true },
  })
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  const { port } = server.httpServer.address() as AddressInfo
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  const rows: Row[] = []
  const table: string[][] = []
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    // Thumbnails and previews point at a CDN that isn't there (their 404s are expected); a
    // request to the service would mean a query was not filled beforehand.
    page.on('request', (request) => {
      if (request.url().includes('/no-service/')) problems.push(`request: ${request.url()}`)
    })
    await page.goto(`http://127.0.0.1:${port}/`)
    await page.waitForFunction(() => 'filekitBench' in window)
    const userAgent = await page.evaluate(() => navigator.userAgent)
    for (const scenario of scenarios) {
      const timings = await page.evaluate(
        ([name, n, w]) =>
          (window as unknown as { filekitBench: BenchApi }).filekitBench.run(
            name as string,
            n as number,
            w as number,
          ),
        [scenario.name, runs, warmup] as const,
      )
      const commit = stats(timings.map((t) => t.commit))
      const layout = stats(timings.map((t) => t.layout))
      table.push([
        scenario.what,
        String(layout.n),
        ms(commit.median),
        ms(commit.p95),
        ms(layout.median),
        ms(layout.p95),
        ms(layout.max),
        scenario.budget === undefined ? '' : `≤ ${scenario.budget} ms`,
      ])
      rows.push({
        what: `${scenario.what}: median (p95, max), commit + layout`,
        figure: `${ms(layout.median)} (${ms(layout.p95)}, ${ms(layout.max)})`,
        ...(scenario.budget !== undefined && {
          budget: `≤ ${scenario.budget} ms`,
          met: layout.p95 <= scenario.budget,
          ...(layout.p95 > scenario.budget &&
            layout.median <= scenario.budget && { note: 'at p95; the median is within' }),
        }),
      })
    }
    if (problems.length) throw new Error(`the bench page reported errors:\n${problems.join('\n')}`)
    return {
      title: 'render',
      rows,
      details: [
        [
          'What is timed: `bench/render/main.tsx`, built by Vite in production mode (production React, minified),',
          `served by \`vite preview\` and run in ${userAgent.match(/Chrome\/\S+/)?.[0] ?? 'Chromium'} (headless, playwright-core, viewport 1280×800).`,
          'The library is imported from `src/index.ts`. Each component renders inside `FileServiceProvider` with a',
          'QueryClient whose queries were filled beforehand with `setQueryData` on the keys of the real options',
          'factories (`groupAllFilesQueryOptions`, `groupQueryOptions`, `filesQueryOptions`, `conversionsQueryOptions`) and',
          'never go stale, so no request is made and only rendering is measured. A run is `flushSync` around the update',
          '(a `root.render` for a mount; a `keydown` Alt+ArrowDown dispatched on a drag handle; a click on "Next page" /',
          '"Previous page"; an `input` event with a new width): "commit" ends when flushSync returns (render, DOM commit,',
          'layout and passive effects of a sync render), "commit + layout" after a forced reflow (`document.body.offsetHeight`)',
          'that makes the browser compute style and layout of the result. Paint is not included. Budgets are checked',
          `against the p95 of commit + layout. ${runs} runs per row after ${warmup} warm-up runs, one animation frame`,
          'between runs; a mount run builds a fresh QueryClient and root each time (not timed). Each run checks its',
          'result in the DOM (1000 handles, the moved file one place down, 100 rows, another page, the recipe text).',
        ].join('\n'),
        markdownTable(
          [
            'scenario',
            'runs',
            'commit median',
            'commit p95',
            'commit + layout median',
            'commit + layout p95',
            'commit + layout max',
            'budget',
          ],
          table,
        ),
      ],
    }
  } finally {
    await browser.close()
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
    rmSync(outDir, { recursive: true, force: true })
  }
}
