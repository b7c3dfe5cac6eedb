import { useQuery } from '@tanstack/react-query';
import { isUnreachable } from '#src/lib/api-errors.ts';
import type { StoredUser } from '#src/lib/session.ts';
import { savedSheetReadQuery } from './saved-sheet.ts';
import { useOnline } from './use-online.ts';

/**
 * Whether the models list shows the saved sheet in place of the server's (docs/design.md §8.6):
 * when the browser says it is offline, or when the list's call failed on the network and a sheet
 * is saved. Without one, such a failure stays the list's own 'Could not load' line with its Retry
 * (§7.7): the signal may be back at the next try.
 */
export function useShowsSavedSheet(user: StoredUser | null, listError: unknown): boolean {
  const online = useOnline();
  const failed = isUnreachable(listError);
  // Read from the device only when it may be shown: a whole sheet read at every visit would cost the list its first frame.
  const saved = useQuery({ ...savedSheetReadQuery(user), enabled: failed });
  if (user === null) return false;
  return !online || (failed && saved.data != null);
}
