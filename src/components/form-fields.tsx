import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { BusyButton } from './busy-button.tsx';

// Labels are tied to their inputs and each message sits under its field (docs/product.md §5), announced
// through aria-describedby so a screen reader hears it with the field.

type FieldProps = {
  label: string;
  error?: string;
  /** What the field holds and its unit, under it (the Variables screen's fields). */
  description?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
};

export function Field({ label, error, description, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  // A message speaks for the field while it shows; the description is heard again once it is gone.
  const describedBy = error ? errorId : description ? descriptionId : undefined;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id, describedBy)}
      {description && (
        <p id={descriptionId} className="mt-1 text-xs text-slate-600">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'block w-full rounded border border-slate-300 px-3 py-2 text-sm focus:border-brand aria-[invalid=true]:border-red-500';

export function TextField({
  label,
  error,
  description,
  ...input
}: { label: string; error?: string; description?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} description={description}>
      {(id, describedBy) => (
        <input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={inputClass} {...input} />
      )}
    </Field>
  );
}

/** A text of several lines (an address, terms): line breaks are kept as typed. */
export function TextAreaField({
  label,
  error,
  description,
  ...textarea
}: { label: string; error?: string; description?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} description={description}>
      {(id, describedBy) => (
        <textarea id={id} rows={4} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={inputClass} {...textarea} />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  error,
  placeholder,
  options,
  ...select
}: {
  label: string;
  error?: string;
  placeholder: string;
  options: { value: string | number; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <select id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} className={inputClass} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A form's submit button, busy while its call is on its way. */
export function SubmitButton({ busy, children = 'Submit' }: { busy: boolean; children?: ReactNode }) {
  return (
    <BusyButton type="submit" busy={busy}>
      {children}
    </BusyButton>
  );
}
