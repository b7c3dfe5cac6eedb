import { Card } from '#src/components/card.tsx';

export function Dashboard() {
  return (
    <Card title="Dashboard">
      <p className="py-12 text-center text-3xl font-bold tracking-wide text-brand">WELCOME</p>
    </Card>
  );
}
