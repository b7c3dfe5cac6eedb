import { createColumnHelper } from '@tanstack/react-table';
import { createContext, use } from 'react';
import type { ListColumn, listFeatures } from '#src/components/data-table/data-table.tsx';
import type { ModelRow } from '#src/contract/models.ts';
import { formatLakh } from '#src/domain/format.ts';
import { modelFigures, type ModelFigures } from '#src/domain/model-figures.ts';

/**
 * What the computed cells read (src/domain/model-figures.ts). The columns stay the same when the
 * variables change, so the table keeps its row model; only the cells that read this follow a new rate.
 */
export const PricingContext = createContext<ModelFigures>(modelFigures(undefined));

/**
 * The preview of a typed exchange rate (docs/design.md §7.2): the rate as typed and the figures at
 * it, worked out by the same code as the list's; null while there is nothing to preview.
 */
export type Preview = { rate: string; figures: ModelFigures } | null;
export const PreviewContext = createContext<Preview>(null);

const column = createColumnHelper<typeof listFeatures, ModelRow>();

function PreviewTotalHeader() {
  const preview = use(PreviewContext);
  return preview && `Total at ${preview.rate}`;
}

function PreviewTotalCell({ row }: { row: ModelRow }) {
  const preview = use(PreviewContext);
  if (!preview) return null;
  const prices = preview.figures.prices(row);
  return <span className="tabular-nums">{prices ? formatLakh(prices.total) : '-'}</span>;
}

/**
 * 'Total at <rate>': the Total a typed rate would give, shown only while one is previewed. Always
 * among the columns of a user who may type a rate, hidden while none is: a rate applied, typed or
 * cleared then re-renders this column's cells and the prices only (the EXCH repaint, issue 37).
 */
export const previewTotalColumn: ListColumn<ModelRow> = column.display({
  id: 'previewTotal',
  header: () => <PreviewTotalHeader />,
  meta: { numeric: true, useHidden: () => use(PreviewContext) === null },
  cell: (info) => <PreviewTotalCell row={info.row.original} />,
});
