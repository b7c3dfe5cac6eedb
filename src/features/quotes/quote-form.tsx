import type { QueryKey } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, get, useFieldArray, useForm, useFormState, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BusyButton } from '#src/components/busy-button.tsx';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { TextAreaInput, TextInput } from '#src/components/form/bound-fields.tsx';
import { createQuoteRequest, type CreateQuoteRequest } from '#src/contract/quotes.ts';
import { formatLakh } from '#src/domain/format.ts';
import { grandTotal, lineFigures } from '#src/domain/quotes.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { quoteKeys } from './api.ts';

// The one form of a quote's lines and customer (docs/design.md §8.1): the tray's, which creates it,
// and the quote page's Edit of a draft. A line's 422 (`lines.N.qty`) shows under that line's field.

export type FormLine = { modelId: number; label: string; unitTotal: number | null; qty: string; discountPerUnit: string };
export type QuoteFormValues = {
  customerName: string;
  customerPhone: string;
  note: string;
  validUntil: string;
  lines: FormLine[];
};

type Write =
  | { call: 'quotes/create'; onSaved: (id: number) => void }
  | { call: 'quotes/update'; record: { id: number; version: number }; onSaved: () => void };

type Props = {
  values: QuoteFormValues;
  write: Write;
  /** Whether the customer's fields show (the tray asks for them only on 'Create quote'). */
  askCustomer: boolean;
  /** The tray keeps every change in sessionStorage. */
  onChange?: (values: QuoteFormValues) => void;
  /** The tray removes a line from its own store (the form then starts again from it); Edit from the form. */
  onRemove?: (modelId: number) => void;
  /** What stands where the submit button goes before the customer is asked for. */
  beforeCustomer?: ReactNode;
  submitLabel: string;
};

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);

/** The total at these figures, or null while a line has no price or a figure is not a whole number yet. */
function totalOf(lines: readonly FormLine[]): number | null {
  const figures = lines.map((line) => {
    const qty = whole(line.qty);
    const discount = whole(line.discountPerUnit);
    return line.unitTotal === null || qty === null || discount === null ? null : lineFigures(BigInt(line.unitTotal), discount, qty);
  });
  return figures.every((line) => line !== null) ? grandTotal(figures) : null;
}

function Lines({ onRemove }: { onRemove: Props['onRemove'] }) {
  const { fields, remove } = useFieldArray<QuoteFormValues, 'lines', 'key'>({ name: 'lines', keyName: 'key' });
  const lines = useWatch<QuoteFormValues, 'lines'>({ name: 'lines' });
  const total = totalOf(lines);
  return (
    <>
      <ul aria-label="Lines" className="mb-3 space-y-3">
        {fields.map((line, index) => (
          <li key={line.key} className="rounded border border-slate-200 p-3">
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium [overflow-wrap:anywhere]">{line.label}</p>
              <button
                type="button"
                aria-label={`Remove ${line.label}`}
                className="text-sm text-red-700 underline"
                onClick={() => (onRemove ? onRemove(line.modelId) : remove(index))}
              >
                Remove
              </button>
            </div>
            <p className="mb-2 text-sm text-slate-600">Price: {line.unitTotal === null ? '-' : `Rs ${formatLakh(line.unitTotal)}`}</p>
            <div className="grid grid-cols-2 gap-3">
              <TextInput name={`lines.${index}.qty`} label={`Quantity of ${line.label}`} inputMode="numeric" />
              <TextInput name={`lines.${index}.discountPerUnit`} label={`Discount per unit of ${line.label}`} inputMode="numeric" />
            </div>
            <FieldMessage name={`lines.${index}.modelId`} />
          </li>
        ))}
      </ul>
      <p className="mb-4 font-semibold">Total: {total === null ? '-' : `Rs ${formatLakh(total)}`}</p>
    </>
  );
}

// A message with no field of its own to stand under: a line's model refused (inactive, unknown,
// twice), or no line at all.
function FieldMessage({ name }: { name: string }) {
  const { errors } = useFormState({ name });
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return message ? <p className="mb-2 text-sm text-red-600">{message}</p> : null;
}

export function QuoteForm({ values, write: spec, askCustomer, onChange, onRemove, beforeCustomer, submitLabel }: Props) {
  const form = useForm<QuoteFormValues>({
    defaultValues: values,
    resolver: zodResolver(createQuoteRequest) as unknown as Resolver<QuoteFormValues>,
  });
  const invalidates: QueryKey[] = [quoteKeys.all];
  const write = useWriteCall(spec.call, {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: (_body, answer) => (spec.call === 'quotes/create' ? spec.onSaved((answer as { id: number }).id) : spec.onSaved()),
    invalidates,
  });
  useEffect(() => {
    if (!onChange) return;
    return form.subscribe({ formState: { values: true }, callback: ({ values: current }) => onChange(current) });
  }, [form, onChange]);
  const submit = form.handleSubmit((parsed) => {
    const body = parsed as unknown as CreateQuoteRequest;
    if (spec.call === 'quotes/create') write.submit(body);
    else write.submit({ ...body, ...spec.record });
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit}>
        <FormFeedback form={form} write={write} />
        <Lines onRemove={onRemove} />
        <FieldMessage name="lines" />
        {askCustomer ? (
          <>
            <TextInput name="customerName" label="Customer name" autoComplete="off" />
            <TextInput name="customerPhone" label="Phone" type="tel" autoComplete="off" />
            <TextAreaInput name="note" label="Note" rows={3} />
            <TextInput name="validUntil" label="Valid until" type="date" />
            <BusyButton type="submit" busy={write.busy}>
              {submitLabel}
            </BusyButton>
          </>
        ) : (
          beforeCustomer
        )}
      </form>
    </FormProvider>
  );
}
