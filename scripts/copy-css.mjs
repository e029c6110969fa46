// The stylesheet ships as written (one @layer, no build-time transforms needed).
import { copyFileSync } from 'node:fs'

copyFileSync('src/styles.css', 'dist/styles.css')
