import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import { FilterField, filterControlClass } from './filter-field.tsx';

type Props = {
  value: string | undefined;
  /** Writes `?search=` (the route's useListSearchChange: typed by the route, back to page 1). */
  onSearchChange: (patch: { search: string | undefined }) => void;
  label?: string;
};

/**
 * A search box that writes `?search=` a moment after typing stops. The URL stays the one source of
 * truth: the box shows the URL's value unless something is being typed, and when the URL changes
 * from outside (Back, Forward, a link) the box takes it, rather than keeping its own text and
 * navigating back to it.
 */
export function ListSearchBox({ value, onSearchChange, label = 'Search' }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [urlValue, setUrlValue] = useState(value);
  const [sent, setSent] = useState<string | undefined>(undefined);
  if (urlValue !== value) {
    setUrlValue(value);
    // Our own search landing keeps what is typed (a trailing space, letters typed meanwhile).
    if (value !== sent) setDraft(null);
  }
  // Leaving the list during the pause (a row's Edit, the menu) drops what was being typed: the
  // search was for this list, and sending it then would pull the user back to it.
  const router = useRouter();
  useEffect(() => router.subscribe('onBeforeNavigate', (event) => event.pathChanged && setDraft(null)), [router]);
  // The newest callback, without restarting the pause each time the screen renders.
  const send = useEffectEvent((search: string | undefined) => {
    setSent(search);
    onSearchChange({ search });
  });

  useEffect(() => {
    if (draft === null) return;
    const search = draft.trim() || undefined;
    if (search === value) return;
    const timer = setTimeout(() => send(search), 300);
    return () => clearTimeout(timer);
  }, [draft, value]);

  return (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          type="search"
          value={draft ?? value ?? ''}
          onChange={(event) => setDraft(event.target.value)}
          className={filterControlClass}
        />
      )}
    </FilterField>
  );
}
