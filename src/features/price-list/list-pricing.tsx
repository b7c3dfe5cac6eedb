import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { VariablesAnswer } from '#src/contract/variables.ts';
import { modelFigures } from '#src/domain/model-figures.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import type { SavedSheet } from '#src/domain/saved-sheet.ts';
import { sameRate } from '#src/domain/variable-history.ts';
import { previewRate } from './exch-preview.ts';
import { PreviewContext, PricingContext, type Preview } from './price-cells.tsx';
import { useListVariables } from './use-list-variables.ts';

type Props = {
  user: SessionUser | null;
  /** What the EXCH box holds: a valid rate other than the current one is previewed. */
  typedExch: string;
  /** Offline (docs/design.md §8.6): the saved sheet's variables. */
  saved: SavedSheet | undefined;
  children: ReactNode;
};

/**
 * The figures the models list's price cells read, and the preview of a typed rate, worked out
 * from the variables in a component of their own: a new rate re-renders this and the cells that
 * read the figures, not the table, its toolbar and its rows around them (the EXCH repaint, issue 37).
 */
export function ListPricing({ user, typedExch, saved, children }: Props) {
  const variablesRead = useListVariables(user);
  const variables = saved?.variables ?? variablesRead.data;
  const rate = previewRate(typedExch, variables?.exch);
  const figures = useMemo(() => modelFigures(variables), [variables]);
  const preview = useMemo<Preview>(
    () => (rate === null || !variables ? null : { rate, figures: modelFigures({ ...variables, exch: rate }) }),
    [rate, variables],
  );
  return (
    <PricingContext value={figures}>
      <PreviewContext value={usePreviewShown(preview, variables)}>{children}</PreviewContext>
    </PricingContext>
  );
}

/**
 * The preview as the list shows it. When the previewed rate is applied, its column stays until the
 * browser has drawn a frame: the frame that shows the new prices lays out their text alone, and
 * the column they make redundant leaves in the next. Any other end (a rate cleared or mistyped)
 * closes it at once.
 */
function usePreviewShown(preview: Preview, variables: VariablesAnswer | undefined): Preview {
  const [last, setLast] = useState(preview);
  // Adjusted while rendering, so a new preview is never a render late.
  if (preview !== null && preview !== last) setLast(preview);
  const applied = preview === null && last !== null && variables !== undefined && sameRate(last.rate, variables.exch);
  if (preview === null && last !== null && !applied) setLast(null);
  useEffect(() => {
    if (!applied) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs before its frame is drawn; the task it queues, after.
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => setLast(null));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [applied]);
  return preview ?? (applied ? last : null);
}
