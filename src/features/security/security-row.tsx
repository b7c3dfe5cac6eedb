import { useId, type ReactNode } from 'react';
import { formatBusinessDay, formatBusinessTime } from '#src/domain/business-time.ts';
import { useBusinessDay } from '#src/features/quotes/business-day.tsx';

/** An instant as the Security lists show it: the business day and time. */
export function useInstantText(): (instant: string) => string {
  const { zone } = useBusinessDay();
  return (instant) => `${formatBusinessDay(instant, zone)} ${formatBusinessTime(instant, zone)}`;
}

type Props = {
  title: string;
  detail: string;
  /** The row's control, given the id of the text that describes it: every row's button says the same word. */
  action: (describedBy: string) => ReactNode;
};

/** One row of a Security list (a session, a passkey): what it is, when, and what can be done to it. */
export function SecurityRow({ title, detail, action }: Props) {
  const id = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div id={id} className="min-w-0">
        <p className="font-medium break-words">{title}</p>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
      {action(id)}
    </li>
  );
}
