import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { Alert } from '#src/components/alert.tsx';
import { Popover } from '#src/components/popover.tsx';
import type { SavedView, ViewScreen } from '#src/contract/views.ts';
import { columnsSeenOf } from '#src/domain/list-columns.ts';
import { qualifies, type SessionUser } from '#src/domain/roles.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { viewKeys, viewsQuery } from './api.ts';
import { ColumnsChooser } from './columns-chooser.tsx';
import { SaveViewDialog, type ViewChoices } from './save-view-dialog.tsx';
import { queryOfSearch, searchOfView } from './view-search.ts';

type Props<Search extends { columns?: string[] }> = {
  screen: ViewScreen;
  /** The list's address, which a view's search goes to. */
  to: '/models' | '/quotes' | '/audit';
  /** The route's search schema, which reads a view's search as it reads the URL. */
  schema: z.ZodMiniType<Search, unknown>;
  /** The URL's search as the route validated it. */
  search: Search;
  user: SessionUser;
};

const itemClass = 'rounded px-2 py-1 text-left text-sm hover:bg-slate-100';
const invalidates = [viewKeys.all];

/**
 * A list's 'Views' and 'Columns' (docs/design.md §8.4): views apply their search and columns,
 * 'Save view…' keeps the list as it is now, each own view can be made the default or deleted (a
 * shared one by an admin too); Columns checks the role's columns on and off.
 */
export function ListViews<Search extends { columns?: string[] }>({ screen, to, schema, search, user }: Props<Search>) {
  const router = useRouter();
  const views = useQuery(viewsQuery(screen));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useWriteCall('views/save', { invalidates, onFieldErrors: setErrors, onSuccess: () => setSaving(false) });
  const [note, setNote] = useState<string | null>(null);
  const setDefault = useWriteCall('views/save', {
    invalidates,
    onFieldErrors: (fieldErrors) => setNote(Object.values(fieldErrors).join(' ')),
  });
  const remove = useWriteCall('views/delete', { invalidates });

  const go = (next: Search) => void router.navigate({ to, search: next as never });
  const columns = columnsSeenOf(screen, user, search.columns) ?? undefined;
  const saveView = ({ name, shared, isDefault }: ViewChoices) => {
    setErrors({});
    const query = queryOfSearch(schema, search, router.options.stringifySearch);
    save.submit({ screen, name, search: query, columns, shared: shared ? 1 : 0, isDefault: isDefault ? 1 : 0 });
  };
  const makeDefault = (view: SavedView) => {
    setNote(null);
    setDefault.submit({
      id: view.id,
      screen,
      name: view.name,
      search: view.search,
      columns: view.columns ?? undefined,
      shared: view.shared,
      isDefault: 1,
    });
  };
  const mayDelete = (view: SavedView) => view.mine === 1 || (view.shared === 1 && user.isAdmin === 1);
  // Each write's answer beside the buttons; the save's stays in its dialog while that is open.
  const answered = [saving ? null : save, setDefault, remove].filter((write) => write?.alert);

  return (
    <>
      {answered.map((write) => (
        <Alert key={write!.alert!.responseMessage} alert={write!.alert!} layout="inline" onDismiss={write!.dismissAlert} />
      ))}
      {note && <Alert alert={{ responseMessage: note, responseFlag: 'danger' }} layout="inline" onDismiss={() => setNote(null)} />}
      <Popover label="Views">
        {(close) => (
          <div className="flex flex-col gap-1">
            {views.isError && <p className="px-2 text-sm text-red-700">Could not load the views.</p>}
            {views.data?.length === 0 && <p className="px-2 text-sm text-slate-600">No saved views yet.</p>}
            {views.data && views.data.length > 0 && (
              <ul className="flex flex-col gap-1" aria-label="Saved views">
                {views.data.map((view) => (
                  <li key={view.id} className="flex flex-wrap items-center gap-1">
                    <button
                      type="button"
                      className={`${itemClass} min-w-0 flex-1 font-medium text-brand`}
                      onClick={() => {
                        close();
                        go(searchOfView(schema, view));
                      }}
                    >
                      {view.name}
                      {view.isDefault === 1 && (
                        <>
                          {' '}
                          <span className="text-xs text-slate-600">(default)</span>
                        </>
                      )}
                      {view.mine === 0 && (
                        <>
                          {' '}
                          <span className="text-xs text-slate-600">(shared by {view.ownerName})</span>
                        </>
                      )}
                    </button>
                    {view.mine === 1 && view.isDefault === 0 && (
                      <button
                        type="button"
                        className={itemClass}
                        aria-label={`Set ${view.name} as default`}
                        onClick={() => makeDefault(view)}
                      >
                        Set default
                      </button>
                    )}
                    {mayDelete(view) && (
                      <button
                        type="button"
                        className={`${itemClass} text-red-700`}
                        aria-label={`Delete ${view.name}`}
                        onClick={() => remove.submit({ id: view.id })}
                      >
                        Delete
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className={`${itemClass} border-t border-slate-200`}
              onClick={() => {
                close();
                setErrors({});
                save.dismissAlert();
                setSaving(true);
              }}
            >
              Save view…
            </button>
          </div>
        )}
      </Popover>
      <ColumnsChooser screen={screen} user={user} shown={search.columns} onChange={(shown) => go({ ...search, columns: shown })} />
      {saving && (
        <SaveViewDialog
          mayShare={qualifies(user, 2)}
          busy={save.busy}
          alert={save.alert}
          onDismissAlert={save.dismissAlert}
          errors={errors}
          onSave={saveView}
          onCancel={() => setSaving(false)}
        />
      )}
    </>
  );
}

/** Views and Columns as a list's only card actions (Quotes, Audit Log); nothing before the session is known. */
export function ListViewsActions<Search extends { columns?: string[] }>(props: Omit<Props<Search>, 'user'> & { user: SessionUser | null }) {
  const { user } = props;
  return (
    user && (
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <ListViews {...props} user={user} />
      </div>
    )
  );
}
