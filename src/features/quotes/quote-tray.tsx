import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useRef, useState } from 'react';
import { useDialogFocus } from '#src/components/dialog-focus.ts';
import { modelColumnList } from '#src/domain/model-columns.ts';
import { modelFigures } from '#src/domain/model-figures.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { useListVariables } from '#src/features/price-list/use-list-variables.ts';
import { useDefaultValidUntil } from './default-valid-until.ts';
import { QuoteForm, type QuoteFormValues } from './quote-form.tsx';
import { trayActions, useTray } from './tray-store.ts';

// A line's price is the list's Total column (Sales: the server's Total; the others worked out as the list does).
const totalColumn = modelColumnList.find((column) => column.id === 'total')!;

/**
 * The quote tray (docs/design.md §8.1): a side panel, the whole screen on a phone, of the models
 * picked from the list with their quantity and discount and the total at today's rate; 'Create
 * quote' asks for the customer and saves it. Everything typed stays in sessionStorage until then.
 */
export function QuoteTray({ user, onClose }: { user: SessionUser | null; onClose: () => void }) {
  const tray = useTray();
  const variables = useListVariables(user);
  const defaultValidUntil = useDefaultValidUntil();
  const navigate = useNavigate();
  const [askCustomer, setAskCustomer] = useState(tray.customer !== null);
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  // Not modal (the list beside it stays usable), but closed it hands focus back to what opened it.
  useDialogFocus(close);

  const figures = useMemo(() => modelFigures(variables.data), [variables.data]);
  const values: QuoteFormValues = {
    customerName: '',
    customerPhone: '',
    note: '',
    validUntil: defaultValidUntil(),
    ...tray.customer,
    lines: tray.lines.map(({ row, qty, discountPerUnit }) => {
      const total = totalColumn.cell(row, figures);
      return {
        modelId: row.id,
        label: `${row.brandName} ${row.seriesName} ${row.modelName}`,
        unitTotal: total.kind === 'whole' && total.value !== null ? Number(total.value) : null,
        qty,
        discountPerUnit,
      };
    }),
  };
  // A line added or removed starts the form again from what the tray keeps.
  const formKey = `${tray.lines.map((line) => line.row.id).join(',')}|${variables.data?.exch ?? ''}`;
  const keep = (current: QuoteFormValues) => {
    const { lines, ...customer } = current;
    trayActions.keep(lines ?? [], askCustomer ? customer : null);
  };

  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      className="fixed inset-y-0 right-0 z-40 flex w-full flex-col overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl sm:w-[28rem] print:hidden"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 id={titleId} className="text-lg font-semibold">
          Quote tray
        </h2>
        <button ref={close} type="button" className="text-sm underline" onClick={onClose}>
          Close
        </button>
      </div>
      {tray.lines.length === 0 ? (
        <p className="text-sm">No models yet: select rows of the list and press Add to quote.</p>
      ) : (
        <QuoteForm
          key={formKey}
          values={values}
          write={{
            call: 'quotes/create',
            onSaved: (id) => {
              trayActions.clear();
              onClose();
              // The quote is saved: nothing is left unsaved to ask about.
              void navigate({ to: '/quotes/$id', params: { id }, ignoreBlocker: true });
            },
          }}
          askCustomer={askCustomer}
          onChange={keep}
          onRemove={trayActions.remove}
          beforeCustomer={
            <button
              type="button"
              className="rounded bg-brand px-4 py-2 text-sm font-medium text-white"
              onClick={() => setAskCustomer(true)}
            >
              Create quote
            </button>
          }
          submitLabel="Create quote"
        />
      )}
    </div>
  );
}
