import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { quoteQuery } from '#src/features/quotes/api.ts';
import { QuoteActions } from '#src/features/quotes/quote-actions.tsx';
import { EditQuoteForm } from '#src/features/quotes/edit-quote-form.tsx';
import { QuoteHeader, QuoteLines, RateLine, Revisions } from '#src/features/quotes/quote-view.tsx';
import { recordRoute } from '#src/lib/detail-loader.ts';
import { useSessionUser } from '#src/lib/use-session-user.ts';

export const Route = createFileRoute('/_app/quotes/$id')({
  ...recordRoute(quoteQuery),
  component: QuoteScreen,
});

function QuoteScreen() {
  const { id } = Route.useParams();
  const { data: quote } = useSuspenseQuery(quoteQuery(id));
  const user = useSessionUser();
  const [editing, setEditing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Quotes', to: '/quotes' }, { label: quote.label }]} />
      <Card title={quote.label}>
        <QuoteHeader quote={quote} statusError={errors.status ?? errors.id} />
        <RateLine quote={quote} />
        {editing ? (
          <EditQuoteForm key={quote.version} quote={quote} onDone={() => setEditing(false)} />
        ) : (
          <>
            {/* Not keyed by version: a write's answer ('Quote sent successfully.') must outlive the refetch it causes. */}
            {user && <QuoteActions quote={quote} user={user} onEdit={() => setEditing(true)} onFieldErrors={setErrors} />}
            <QuoteLines quote={quote} errors={errors} />
          </>
        )}
        <Revisions quote={quote} />
      </Card>
    </>
  );
}
