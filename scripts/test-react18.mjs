// React 18 compatibility job: installs react and react-dom 18.3.1 into .compat/react18 (once;
// gitignored) and runs the jsdom unit tests and the SSR tests against them through
// vitest.react18.config.ts. Extra arguments go to vitest (e.g. a file filter).
import { installCompat, run } from './compat.mjs'

installCompat('react18', { react: '18.3.1', 'react-dom': '18.3.1' })
run('npx', ['vitest', 'run', '--config', 'vitest.react18.config.ts', ...process.argv.slice(2)])
