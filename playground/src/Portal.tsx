import { FileList, FileServiceProvider, GroupEditor, GroupList } from '@filekit/react'
import { useState } from 'react'

// The playground keeps each group's access token in sessionStorage (this tab, until it is
// closed) so a reload can reopen the group; the token never goes into the URL.
const tokenKey = (groupId: string) => `filekit-group-token:${groupId}`
const baseUrl = __FILEKIT_URL__

function OpenGroup({ go }: { go: (path: string) => void }) {
  const [id, setId] = useState('')
  const [token, setToken] = useState('')
  return (
    <form
      className="panel"
      aria-label="Open a group"
      onSubmit={(e) => {
        e.preventDefault()
        sessionStorage.setItem(tokenKey(id.trim()), token.trim())
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
  if (kind === 'groups' && id) {
    const token = sessionStorage.getItem(tokenKey(id)) ?? undefined
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
              if (accessToken) sessionStorage.setItem(tokenKey(group.id), accessToken)
            }}
          />
          <p data-testid="created-hint">
            After creating, keep the id and the token: "Open a group" below reopens it with only those.
          </p>
        </section>
      </FileServiceProvider>
      <OpenGroup go={go} />
    </>
  )
}
