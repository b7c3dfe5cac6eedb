import { Checkbox } from '#src/components/checkbox.tsx';
import { Popover } from '#src/components/popover.tsx';
import type { ViewScreen } from '#src/contract/views.ts';
import { columnTitlesSeen, shownColumnTitles } from '#src/domain/list-columns.ts';
import type { SessionUser } from '#src/domain/roles.ts';

type Props = {
  screen: ViewScreen;
  user: SessionUser;
  /** The URL's `columns`: the titles shown, or none for all of the role's. */
  shown: readonly string[] | undefined;
  /** The titles to show next; undefined when that is every one of the role's (the list's plain address). */
  onChange: (shown: string[] | undefined) => void;
};

/** 'Columns' (docs/design.md §8.4): a checkbox per column the role sees; the last one checked cannot be unchecked. */
export function ColumnsChooser({ screen, user, shown, onChange }: Props) {
  const all = columnTitlesSeen(screen, user);
  const checked = new Set(shownColumnTitles(screen, user, shown));
  const toggle = (title: string, on: boolean) => {
    const next = all.filter((other) => (other === title ? on : checked.has(other)));
    onChange(next.length === all.length ? undefined : next);
  };
  return (
    <Popover label="Columns">
      {() => (
        <div className="flex flex-col">
          {all.map((title) => (
            <Checkbox
              key={title}
              label={title}
              checked={checked.has(title)}
              disabled={checked.size === 1 && checked.has(title)}
              onChange={(on) => toggle(title, on)}
            />
          ))}
        </div>
      )}
    </Popover>
  );
}
