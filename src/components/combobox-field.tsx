import { useEffect, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { matchesWords } from '#src/lib/match-words.ts';
import { Field, inputClass } from './form-fields.tsx';

export type ComboboxOption = {
  value: string;
  /** What the field shows once picked, and the option's name. */
  label: string;
  /** The heading the option sits under; options come sorted by it. */
  group: string;
  /** Every word typed must be found in this text (any part, any case). */
  search: string;
};

type Props = {
  label: string;
  options: ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  placeholder?: string;
  /** Said when nothing matches what was typed. */
  noMatch: string;
  inputRef?: Ref<HTMLInputElement>;
};

type Group = { name: string; options: { option: ComboboxOption; index: number }[] };

/** The shown options under their headings, each with its place in the flat list the arrow keys walk. */
function grouped(options: ComboboxOption[]): Group[] {
  const groups: Group[] = [];
  options.forEach((option, index) => {
    const last = groups.at(-1);
    if (last?.name === option.group) last.options.push({ option, index });
    else groups.push({ name: option.group, options: [{ option, index }] });
  });
  return groups;
}

/**
 * A text field that narrows a list as one types, picked by click or by the arrow keys and Enter:
 * the WAI-ARIA combobox with a list popup. Only a pick sets the value; typing clears it, so a
 * half-typed name is never sent as a choice.
 */
export function ComboboxField({ label, options, value, onChange, onBlur, name, error, placeholder, noMatch, inputRef }: Props) {
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const labelOf = (picked: string) => options.find((option) => option.value === picked)?.label ?? '';

  const [text, setText] = useState(() => labelOf(value));
  // What narrows the list: empty right after a pick, so reopening shows every option.
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A value set from outside (the form's reset, a server message's field) shows its label.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(labelOf(value));
    setQuery('');
  }

  const shown = options.filter((option) => matchesWords(option.search, query));
  const expanded = open && shown.length > 0;
  // Where the list opens: at the picked option, else at the first.
  const pickedAt = shown.findIndex((option) => option.value === value);
  const startAt = pickedAt === -1 ? 0 : pickedAt;

  // The option the arrow keys reached stays in view in the scrolling list (the list is the
  // options' offset parent, being positioned).
  useEffect(() => {
    const list = document.getElementById(`${baseId}-list`);
    const option = document.getElementById(`${baseId}-option-${active}`);
    if (!list || !option) return;
    // The first option of a group brings its heading into view with it.
    const heading = option.previousElementSibling?.getAttribute('aria-hidden') === 'true' ? option.previousElementSibling : null;
    const top = heading instanceof HTMLElement ? heading.offsetTop : option.offsetTop;
    const bottom = option.offsetTop + option.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }, [expanded, active, baseId]);

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const pick = (option: ComboboxOption) => {
    setShownValue(option.value);
    setText(option.label);
    setQuery('');
    setOpen(false);
    onChange(option.value);
  };
  const unpick = () => {
    if (value === '') return;
    setShownValue('');
    onChange('');
  };
  const type = (typed: string) => {
    setText(typed);
    setQuery(typed);
    openAt(options.some((option) => matchesWords(option.search, typed)) ? 0 : -1);
    unpick();
  };
  const clear = () => {
    setText('');
    setQuery('');
    unpick();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (event.altKey) return event.key === 'ArrowDown' ? openAt(startAt) : setOpen(false);
      if (!expanded) return openAt(startAt);
      setActive(event.key === 'ArrowDown' ? Math.min(active + 1, last) : Math.max(active - 1, 0));
    } else if (event.key === 'Enter' && expanded && shown[active]) {
      // Enter picks; it submits the form only while the list is closed.
      event.preventDefault();
      pick(shown[active]);
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else if (text !== '') clear();
      else return;
      event.preventDefault();
    }
  };

  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <div className="relative">
          <input
            ref={inputRef}
            id={id}
            name={name}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            placeholder={placeholder}
            value={text}
            onChange={(event) => type(event.target.value)}
            onKeyDown={onKeyDown}
            onClick={() => (expanded ? setOpen(false) : openAt(startAt))}
            onBlur={() => {
              setOpen(false);
              onBlur?.();
            }}
            className={inputClass}
          />
          {expanded && (
            <div
              id={listId}
              role="listbox"
              aria-label={label}
              className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-y-auto rounded border border-slate-300 bg-white py-1 text-sm shadow-lg"
            >
              {grouped(shown).map((group) => (
                <div key={group.name} role="group" aria-label={group.name}>
                  <div aria-hidden="true" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase text-slate-600">
                    {group.name}
                  </div>
                  {group.options.map(({ option, index }) => (
                    <div
                      key={option.value}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      // Keeps the focus in the field, so the list stays its popup.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => pick(option)}
                      className={`cursor-pointer break-words px-3 py-1.5 ${index === active ? 'bg-brand text-white' : 'text-slate-800 hover:bg-slate-100'}`}
                    >
                      {option.label}
                    </div>
                  ))}
                </div>
              ))}
            </div>
          )}
          <p aria-live="polite" className="mt-1 text-sm text-slate-600 empty:hidden">
            {open && text !== '' && shown.length === 0 ? noMatch : ''}
          </p>
        </div>
      )}
    </Field>
  );
}
