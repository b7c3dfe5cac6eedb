import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { appMessages } from '#src/contract/app-messages.ts';

/**
 * A screen whose code or data could not be loaded (docs/design.md §7.7): said in place of the
 * screen, inside the signed-in frame, never the browser's error page. Retry loads the route again,
 * its code included (the router asks for a chunk that failed once more).
 */
export function ScreenError({ error }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => console.error('Could not load the screen', error), [error]);
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <p>{appMessages.couldNotLoad}</p>
      <button
        type="button"
        onClick={() => void router.invalidate()}
        className="rounded border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100"
      >
        Retry
      </button>
    </div>
  );
}
