// Flags, environment and defaults of the server, and what it refuses.
import { describe, expect, it } from 'vitest'
import { readOptions } from '../../server/options.ts'

describe('server options', () => {
  it('has printed defaults', () => {
    expect(readOptions([], {})).toEqual({
      port: 4010,
      host: '127.0.0.1',
      dataDir: '.filekit-data',
      projectId: 'demo',
      secretKey: 'demo_secret_key',
      maxUploadBytes: 100 * 1024 * 1024,
      control: false,
      empty: false,
      manualClock: false,
      quiet: false,
    })
  })

  it('takes the project and key from the environment, and flags over it', () => {
    const env = { FILEKIT_PROJECT_ID: 'acme', FILEKIT_SECRET_KEY: 'sk_env' }
    expect(readOptions([], env)).toMatchObject({ projectId: 'acme', secretKey: 'sk_env' })
    expect(readOptions(['--project', 'other', '--secret-key', 'sk_flag'], env)).toMatchObject({
      projectId: 'other',
      secretKey: 'sk_flag',
    })
  })

  it('reads every flag', () => {
    const argv =
      '--port 0 --host 0.0.0.0 --data /tmp/x --max-upload 1000 --control --empty --clock manual --quiet'
    expect(readOptions(argv.split(' '), {})).toMatchObject({
      empty: true,
      port: 0,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      maxUploadBytes: 1000,
      control: true,
      manualClock: true,
      quiet: true,
    })
    expect(readOptions(['--help'], {})).toBeNull()
  })

  it.each([
    [['--port', '70000'], /--port/],
    [['--port', 'x'], /--port/],
    [['--port', ''], /--port/],
    [['--max-upload', '0'], /--max-upload/],
    [['--max-upload', '1e3'], /--max-upload/],
    [['--clock', 'fast', '--control'], /--clock/],
    [['--clock', 'manual'], /needs --control/],
    [['--project', '../x'], /project id/],
    [['--secret-key', 'gat-abc'], /secret key/],
    [['--secret-key', 'two words'], /secret key/],
    [['--nope'], /nope/],
  ])('refuses %j', (argv, message) => {
    expect(() => readOptions(argv, {})).toThrow(message)
  })
})
