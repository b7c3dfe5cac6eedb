import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { StockMoveForm, type StockMove } from './stock-move-form.tsx';

/** The Add Stock and Remove Stock screens: one title, its breadcrumb and the shared form. */
export function StockMoveScreen({ title, move, modelId }: { title: string; move: StockMove; modelId: number | undefined }) {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: title }]} />
      <Card title={title}>
        {/* Keyed by the link's model, so following another model's link starts the form afresh. */}
        <StockMoveForm key={modelId} move={move} modelId={modelId} />
      </Card>
    </>
  );
}
