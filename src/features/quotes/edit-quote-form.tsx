import type { Quote } from '#src/contract/quotes.ts';
import { QuoteForm, type QuoteFormValues } from './quote-form.tsx';

const valuesOf = (quote: Quote): QuoteFormValues => ({
  customerName: quote.customerName,
  customerPhone: quote.customerPhone ?? '',
  note: quote.note,
  validUntil: quote.validUntil,
  lines: quote.lines.map((line) => ({
    modelId: line.modelId,
    label: `${line.brandName} ${line.seriesName} ${line.modelName}`,
    unitTotal: line.unitTotal,
    qty: String(line.qty),
    discountPerUnit: String(line.discountPerUnit),
  })),
});

/** A draft's Edit: the tray's form, filled from the quote, saved with its version. */
export function EditQuoteForm({ quote, onDone }: { quote: Quote; onDone: () => void }) {
  return (
    <>
      <QuoteForm
        values={valuesOf(quote)}
        write={{ call: 'quotes/update', record: { id: quote.id, version: quote.version }, onSaved: onDone }}
        askCustomer
        submitLabel="Save quote"
      />
      <button type="button" className="mt-2 text-sm underline" onClick={onDone}>
        Back to the quote
      </button>
    </>
  );
}
