import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Every body row is this tall: one line of text-sm with py-2, plus the 1px divider. */
export const ROW_HEIGHT = 37;

/**
 * Rows kept beyond the screen either side. Every row in the DOM is one more to render, lay out and
 * paint when the prices change (the EXCH repaint, issue 37), so a few once the table's place in the
 * page is known; before it is, on a page opened scrolled, enough to cover the filters and headings
 * above the table (see scrollMargin below).
 */
const OVERSCAN = 4;
const UNMEASURED_OVERSCAN = 10;

type Props<Row> = {
  rows: readonly Row[];
  columnCount: number;
  renderRow: (row: Row) => ReactNode;
};

/**
 * Only the rows on screen (and a few either side) are in the DOM; two spacer rows keep the
 * table as tall as all of them, so the page scrolls as if every row were there. The page is the
 * scroller: the list is the screen, and a second scrollbar inside it would be in the way.
 */
export function VirtualRows<Row>({ rows, columnCount, renderRow }: Props<Row>) {
  const top = useRef<HTMLTableRowElement>(null);
  // Where the rows start in the page, taken again with new rows: what is above the table (an
  // alert, filters that wrap) may have moved it meanwhile. Taken in an effect, not a layout
  // effect, which forced the page's first style and layout before the rows could paint, then drew
  // them again. (When the rows come with an urgent update, as a query's answer does, React runs
  // this effect before the paint too; read once the frame was drawn instead, the first loads
  // measured no faster: docs/performance.md.) Until then the rows are placed as if the table began
  // at the top of the page, which renders those from there down: every row on screen and more;
  // a page opened scrolled has them shifted by the margin, which the wider overscan covers. (The
  // virtualizer reads the scroll offset on its first render too, so reading it here costs nothing.)
  const [scrollMargin, setScrollMargin] = useState(0);
  const [openedScrolled] = useState(() => window.scrollY > 0);
  useEffect(() => {
    const offset = Math.round((top.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    if (offset !== scrollMargin) setScrollMargin(offset);
  }, [scrollMargin, rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    // A table at the very top of the page measures 0 too: more rows kept there, never too few.
    overscan: openedScrolled && scrollMargin === 0 ? UNMEASURED_OVERSCAN : OVERSCAN,
    scrollMargin,
  });

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    <>
      <tr ref={top} aria-hidden="true" style={{ height: before }}>
        <td colSpan={columnCount} className="p-0" />
      </tr>
      {items.map((item) => renderRow(rows[item.index]!))}
      <tr aria-hidden="true" style={{ height: after }}>
        <td colSpan={columnCount} className="p-0" />
      </tr>
    </>
  );
}
