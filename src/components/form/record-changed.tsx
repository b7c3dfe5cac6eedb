import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { appMessages } from '#src/contract/app-messages.ts';
import { onLiveEvent } from '#src/lib/live-bus.ts';
import { Alert } from '../alert.tsx';
import type { FollowedRecord } from './form-mode.ts';

type Write = { busy: boolean; saved: number };

/**
 * docs/design.md §8.3: an edit form with unsaved changes whose record a live event says changed
 * shows 'This record has been changed by someone else. Reload to see it.' above itself, with
 * 'Reload'. An unchanged form needs no notice (its save would be refused as stale, and says so);
 * the form's own save is not someone else's: events while it is on its way are its own.
 */
export function RecordChanged({
  followed,
  form,
  write,
  onReload,
}: {
  followed: FollowedRecord | undefined;
  form: UseFormReturn<FieldValues>;
  write: Write;
  onReload: () => void;
}) {
  const { isDirty } = useFormState({ control: form.control });
  // The count of saves when the change came: a save since makes it this form's own record again.
  const [changedAtSave, setChangedAtSave] = useState<number | null>(null);
  // What the form is at the moment an event comes, read by the listener below.
  const now = useRef({ isDirty, ...write });
  useEffect(() => {
    now.current = { isDirty, busy: write.busy, saved: write.saved };
  });
  const queryClient = useQueryClient();

  const event = followed?.event;
  const id = followed?.id;
  useEffect(
    () =>
      onLiveEvent((live) => {
        if (live.type !== event || !live.data.ids.includes(id!)) return;
        if (now.current.isDirty && !now.current.busy) setChangedAtSave(now.current.saved);
      }),
    [event, id],
  );

  if (!followed || changedAtSave !== write.saved || !isDirty) return null;
  const reload = () => {
    setChangedAtSave(null);
    void queryClient.invalidateQueries({ queryKey: followed.queryKey }).then(onReload);
  };
  return (
    <Alert
      alert={{ responseMessage: appMessages.recordChanged, responseFlag: 'warning' }}
      onDismiss={() => setChangedAtSave(null)}
      action={
        <button type="button" onClick={reload} className="rounded border border-amber-400 px-3 py-1 text-sm font-medium hover:bg-amber-100">
          Reload
        </button>
      }
    />
  );
}

/**
 * The form's remount once its record was read again after 'Reload': a key that changes when the
 * newer version has reached the screen (its mode), so the fields start from it.
 */
export function useReloadedKey(followed: FollowedRecord | undefined): { key: number; reload: () => void } {
  const [shown, setShown] = useState(followed?.version ?? 0);
  const [waiting, setWaiting] = useState(false);
  const version = followed?.version ?? 0;
  // Adjusted while rendering (React's pattern for state that follows a prop): no render in between.
  if (waiting && version !== shown) {
    setShown(version);
    setWaiting(false);
  }
  return { key: shown, reload: () => setWaiting(true) };
}
