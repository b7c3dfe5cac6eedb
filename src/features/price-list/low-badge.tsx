/** 'Low' beside a quantity at or below its minimum stock (docs/design.md §7.3): in the table and on a card. */
export function LowBadge() {
  return <span className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-800">Low</span>;
}
