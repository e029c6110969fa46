// The stylesheet ships as written (one @layer, no build-time transforms needed), with a
// declaration file: TypeScript 6+ checks side-effect imports (`noUncheckedSideEffectImports` is
// on by default), so a host's `import '@filekit/react/styles.css'` needs types to resolve to,
// unless its bundler's types declare `*.css` (Vite's do).
import { copyFileSync, writeFileSync } from 'node:fs'

copyFileSync('src/styles.css', 'dist/styles.css')
writeFileSync(
  'dist/styles.css.d.ts',
  '// A stylesheet: imported for its side effect, it exports nothing.\nexport {}\n',
)
