import type { RowData } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ListColumn } from '#src/components/data-table/data-table.tsx';
import type { ViewScreen } from '#src/contract/views.ts';
import { shownColumnTitles } from '#src/domain/list-columns.ts';
import type { SessionUser } from '#src/domain/roles.ts';

/**
 * The columns of a list headed by their titles (Quotes, Audit Log) that the URL's `columns` leave
 * shown (docs/design.md §8.4): all of the user's when it names none of them. Kept while the choice
 * is the same, so the table's row model is not rebuilt.
 */
export function useShownColumns<Row extends RowData>(
  screen: ViewScreen,
  user: SessionUser | null,
  columns: ListColumn<Row>[],
  chosen: readonly string[] | undefined,
): ListColumn<Row>[] {
  const titles = user ? shownColumnTitles(screen, user, chosen).join('\n') : '';
  return useMemo(() => {
    const shown = titles.split('\n');
    return columns.filter((column) => typeof column.header !== 'string' || shown.includes(column.header));
  }, [columns, titles]);
}
