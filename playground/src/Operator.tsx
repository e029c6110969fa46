import {
  ActionStatusBadge,
  actionTypes,
  FileList,
  FileServiceProvider,
  FileUploader,
  GroupEditor,
  GroupList,
  RecipeBuilder,
  useFile,
} from '@filekit/react'
import { useEffect, useState } from 'react'
import { setPageTitle } from './pageTitle.ts'

// Requests go to this app's own proxy, which adds the secret key (see vite.config.ts).
const baseUrl = `${window.location.origin}/operator-api`

function FilePanel({ fileId, go }: { fileId: string; go: (path: string) => void }) {
  const file = useFile(fileId)
  const [results, setResults] = useState<string[]>([])
  // The page is named after the file once it is known (its id until then).
  const name = file.data?.originalName
  useEffect(() => {
    if (name) setPageTitle(name)
  }, [name])
  return (
    <section className="panel" aria-label="File details">
      <h2>{file.data?.originalName ?? fileId}</h2>
      <p>
        <a href="#/operator">Back to files</a>
      </p>
      <h3>Actions</h3>
      <ul>
        {/* Recognition and moderation read images; the service refuses them for other files. */}
        {actionTypes
          .filter((type) => file.data && (file.data.isImage || type === 'virus_scan'))
          .map((type) => (
            <li key={type}>
              <ActionStatusBadge fileId={fileId} type={type} showResult />
            </li>
          ))}
      </ul>
      <h3>Convert</h3>
      <RecipeBuilder fileId={fileId} onConverted={(converted) => setResults((r) => [converted.id, ...r])} />
      {results.length > 0 && (
        <>
          <h3>Conversion results</h3>
          <ul>
            {results.map((id) => (
              <li key={id}>
                <button type="button" onClick={() => go(`/operator/files/${id}`)}>
                  Open {id}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

export function Operator({ path, go }: { path: string; go: (path: string) => void }) {
  const [, , kind, id] = path.split('/')
  // Back from a group or a file, each list opens on the page it was on.
  const [groupsPage, setGroupsPage] = useState(1)
  const [filesPage, setFilesPage] = useState(1)
  return (
    <FileServiceProvider baseUrl={baseUrl} projectId={__FILEKIT_PROJECT__}>
      {kind === 'groups' && id ? (
        <section className="panel" aria-label="Group">
          <p>
            <a href="#/operator">Back to groups</a>
          </p>
          {/* One editor for every group page: another group is a fresh edit, and the new group's
              page, once created, keeps the editor as it is (its "Saved." and the keyboard on it). */}
          <GroupEditor
            groupId={id === 'new' ? undefined : id}
            allowPicking
            onCreated={({ group }) => go(`/operator/groups/${group.id}`)}
          />
        </section>
      ) : kind === 'files' && id ? (
        <FilePanel key={id} fileId={id} go={go} />
      ) : (
        <>
          <section className="panel" aria-label="Groups">
            <h2>Groups</h2>
            <GroupList
              defaultPage={groupsPage}
              onPageChange={setGroupsPage}
              onSelect={(group) => go(`/operator/groups/${group.id}`)}
            />
            <p>
              <a href="#/operator/groups/new">New group</a>
            </p>
          </section>
          <section className="panel" aria-label="Project files">
            <h2>Project files</h2>
            <FileUploader />
            <FileList
              defaultPage={filesPage}
              onPageChange={setFilesPage}
              renderActions={(file) => (
                <button type="button" onClick={() => go(`/operator/files/${file.id}`)}>
                  Details for {file.originalName ?? file.id}
                </button>
              )}
            />
          </section>
        </>
      )}
    </FileServiceProvider>
  )
}
