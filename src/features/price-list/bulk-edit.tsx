import { useState } from 'react';
import { Alert } from '#src/components/alert.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess } from '#src/domain/call-access.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { modelFiltersOf, type ModelsSearch } from './api.ts';
import type { BulkTarget } from './bulk-edit-api.ts';
import { BulkEditDialog } from './bulk-edit-dialog.tsx';
import { selection } from './selection.ts';

/**
 * The models list's bulk edit (docs/design.md §8.4), for those the call is open to (admins): what
 * 'Edit selected' and 'Edit all N matching' open (undefined for the others, who get no button),
 * the dialog, and the answer of the last apply to show above the list.
 */
export function useBulkEdit(user: SessionUser | null, search: ModelsSearch) {
  const [target, setTarget] = useState<BulkTarget | null>(null);
  const [answer, setAnswer] = useState<WriteResponse | null>(null);
  const open = (next: BulkTarget) => {
    setAnswer(null);
    setTarget(next);
  };
  const allowed = mayAccess(user, callAccess['models/bulk-update']);
  return {
    editSelected: allowed ? () => open({ ids: selection.rows().map((row) => row.id) }) : undefined,
    editAll: allowed ? (total: number) => open({ filters: modelFiltersOf(search), total }) : undefined,
    answer: answer && <Alert alert={answer} onDismiss={() => setAnswer(null)} />,
    dialog: target && (
      <BulkEditDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={(done) => {
          // The selected rows hold the prices they had: a new selection starts from the list as it is now.
          if ('ids' in target) selection.clear();
          setTarget(null);
          setAnswer(done);
        }}
      />
    ),
  };
}
