import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { StockMoveForm, type StockMove } from './stock-move-form.tsx';

/** The Add Stock and Remove Stock screens: one title, its breadcrumb and the shared form. */
export function StockMoveScreen({ title, move }: { title: string; move: StockMove }) {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: title }]} />
      <Card title={title}>
        <StockMoveForm move={move} />
      </Card>
    </>
  );
}
