import { Link } from '@tanstack/react-router';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';

/** An unknown URL inside the signed-in frame: it keeps the header and menu, and offers the way back. */
export function NotFound() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Page Not Found' }]} />
      <Card title="Page Not Found">
        <p className="mb-4">There is no screen at this address.</p>
        <Link to="/" className="text-brand hover:underline">
          Back to Dashboard
        </Link>
      </Card>
    </>
  );
}
