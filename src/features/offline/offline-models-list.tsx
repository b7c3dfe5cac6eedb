import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { mayAccess } from '#src/domain/access.ts';
import { isSheetTooOld, offlineBanner, sheetMessages } from '#src/domain/saved-sheet.ts';
import { modelsListAccess } from '#src/domain/screens.ts';
import type { ModelsSearch } from '#src/features/price-list/api.ts';
import { ModelsTable } from '#src/features/price-list/models-table.tsx';
import type { StoredUser } from '#src/lib/session.ts';
import { OfflineContext, OfflineDisabled, OfflineReason } from './offline-controls.tsx';
import { savedSheetReadQuery } from './saved-sheet.ts';

const noticeClass = 'mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900';

/**
 * The models list without a network (docs/design.md §8.6): the saved sheet, with its age and rate
 * said above it, searched, filtered and sorted on the device by the list's own rules; every
 * control that needs the server is there but disabled. A sheet older than 7 days is not shown.
 */
export function OfflineModelsList({ search, user, columns }: { search: ModelsSearch; user: StoredUser; columns?: string[] | undefined }) {
  const saved = useQuery(savedSheetReadQuery(user));
  const reasonId = useId();
  const sheet = saved.data;
  // Read at render: a tab left open past the limit stops showing the sheet at its next render.
  const tooOld = sheet ? isSheetTooOld(sheet.savedAt, new Date()) : false;
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Models' }]} />
      {saved.isPending ? (
        <Spinner />
      ) : !sheet || tooOld ? (
        <p role="alert" className={noticeClass}>
          {sheet ? sheetMessages.tooOld : sheetMessages.none}
        </p>
      ) : (
        <OfflineContext value={reasonId}>
          <OfflineReason id={reasonId} />
          <p role="status" className={noticeClass}>
            {offlineBanner(sheet)}
          </p>
          <Card
            title="Models List"
            actions={
              <div className="flex items-center gap-3 print:hidden">
                <OfflineDisabled>Export</OfflineDisabled>
                <OfflineDisabled>Print</OfflineDisabled>
                {mayAccess(user, modelsListAccess.importLink) && <OfflineDisabled>Import</OfflineDisabled>}
                {mayAccess(user, modelsListAccess.addLink) && <OfflineDisabled>Add Model</OfflineDisabled>}
              </div>
            }
          >
            <ModelsTable search={search} user={user} columns={columns} saved={sheet} />
          </Card>
        </OfflineContext>
      )}
    </>
  );
}
