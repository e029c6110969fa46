import { FileList, FileServiceProvider, GroupEditor, GroupList } from '@filekit/react'
import { useReducer, useState } from 'react'

// Group access tokens live in memory only, for this page load: never in the URL or in browser
// storage. After a reload the group asks for its token again.
const tokens = new Map<string, string>()
const baseUrl = __FILEKIT_URL__

function OpenGroup({ go, groupId = '' }: { go: (path: string) => void; groupId?: string }) {
  const [id, setId] = useState(groupId)
  const [token, setToken] = useState('')
  return (
    <form
      className="panel"
      aria-label="Open a group"
      onSubmit={(e) => {
        e.preventDefault()
        tokens.set(id.trim(), token.trim())
        go(`/portal/groups/${id.trim()}`)
      }}
    >
      <h2>Open a group</h2>
      <label>
        Group id <input value={id} onChange={(e) => setId(e.target.value)} required />
      </label>{' '}
      <label>
        Access token{' '}
        <input type="password" value={token} onChange={(e) => setToken(e.target.value)} required />
      </label>{' '}
      <button type="submit">Open</button>
    </form>
  )
}

export function Portal({ path, go }: { path: string; go: (path: string) => void }) {
  const [, , kind, id] = path.split('/')
  // Opening the group already in the URL changes no route: a token entered for it must still
  // show it.
  const [, tokensChanged] = useReducer((n: number) => n + 1, 0)
  const open = (path: string) => {
    tokensChanged()
    go(path)
  }
  if (kind === 'groups' && id) {
    const token = tokens.get(id)
    if (!token)
      return (
        <>
          <p className="panel" role="status">
            This page keeps a group’s token only until it is reloaded. Enter the token of group {id} again to
            open it.
          </p>
          <OpenGroup go={open} groupId={id} />
        </>
      )
    return (
      <FileServiceProvider baseUrl={baseUrl} projectId={__FILEKIT_PROJECT__} token={token}>
        <section className="panel" aria-label="Your group">
          <p>
            <a href="#/portal">Start over</a>
          </p>
          <GroupEditor groupId={id} />
        </section>
        <section className="panel" aria-label="What this token cannot do">
          <h2>Operator views</h2>
          <p>These need the project’s secret key, which this page does not have.</p>
          <h3>All groups</h3>
          <GroupList />
          <h3>All files</h3>
          <FileList />
        </section>
      </FileServiceProvider>
    )
  }
  return (
    <>
      <FileServiceProvider baseUrl={baseUrl} projectId={__FILEKIT_PROJECT__}>
        <section className="panel" aria-label="Create a group">
          <GroupEditor
            onCreated={({ group, accessToken }) => {
              if (accessToken) tokens.set(group.id, accessToken)
            }}
          />
          <p data-testid="created-hint">
            After creating, keep the id and the token: "Open a group" below reopens it with only those.
          </p>
        </section>
      </FileServiceProvider>
      <OpenGroup go={open} />
    </>
  )
}
