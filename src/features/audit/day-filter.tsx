import { useId, useState } from 'react';
import { filterControlClass as control } from '#src/components/filter-field.tsx';
import { DAY_TEXT_MESSAGE, dayFromText, textOfDay } from './day-text.ts';

/**
 * A day filter typed as dd/mm/yyyy, the rows' format, not the browser's date input (whose order
 * follows the browser's locale). A complete day applies at once; a bad one is said under the field
 * when the user leaves it, and the list keeps the last good filter.
 */
export function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(value === undefined ? '' : textOfDay(value));
  const [error, setError] = useState(false);
  // The URL changed from elsewhere (back, a link, another filter's reset): show its day.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (value !== (dayFromText(text) ?? undefined)) setText(value === undefined ? '' : textOfDay(value));
    setError(false);
  }
  const type = (next: string) => {
    setText(next);
    const day = next.trim() === '' ? undefined : dayFromText(next);
    if (day === null) return;
    setError(false);
    if (day !== value) onChange(day);
  };
  return (
    <div className="flex flex-col gap-1 text-sm">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="max-md:w-28 max-md:shrink-0">
          {label}
        </label>
        <input
          id={id}
          className={`${control} w-32`}
          inputMode="numeric"
          placeholder="dd/mm/yyyy"
          autoComplete="off"
          value={text}
          aria-invalid={error}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setError(text.trim() !== '' && dayFromText(text) === null)}
        />
      </div>
      {error && (
        <p id={errorId} className="text-red-700">
          {DAY_TEXT_MESSAGE}
        </p>
      )}
    </div>
  );
}
