import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';

/** A search box that writes `?search=` (page back to 1) a moment after typing stops. */
export function ListSearchBox({ value, label = 'Search' }: { value: string | undefined; label?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(value ?? '');

  useEffect(() => {
    if (text.trim() === (value ?? '')) return;
    const timer = setTimeout(() => {
      const search = text.trim() || undefined;
      void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, search, page: 1 }) });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, value, navigate]);

  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="rounded border border-slate-300 px-2 py-1"
      />
    </div>
  );
}
