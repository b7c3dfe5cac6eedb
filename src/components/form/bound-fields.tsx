import { get, useFormContext, useFormState, type FieldError } from 'react-hook-form';
import type { ChangeEvent, InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { IMAGE_ACCEPT } from '#src/contract/images.ts';
import { SelectField, TextAreaField, TextField } from '#src/components/form-fields.tsx';

// The fields of a form inside WriteForm (or any FormProvider): each is bound to its value by name and
// shows that value's message under it, the screen's own check or the server's 422.

type Bound = { name: string; label: string };

/** Registers the field and reads its message; subscribing to this field only keeps typing cheap. */
function useBound(name: string, onChange?: (event: ChangeEvent) => void) {
  const { register } = useFormContext();
  const { errors } = useFormState({ name });
  const error: FieldError | undefined = get(errors, name);
  return { error: error?.message, ...register(name, { onChange }) };
}

/** `description` says under the field what it takes (where the label alone does not). */
export function TextInput({
  name,
  label,
  ...input
}: Bound & { description?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const bound = useBound(name);
  return <TextField label={label} {...input} {...bound} />;
}

export function TextAreaInput({ name, label, ...textarea }: Bound & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const bound = useBound(name);
  return <TextAreaField label={label} {...textarea} {...bound} />;
}

type SelectProps = Bound & {
  placeholder: string;
  options: { value: string | number; label: string }[];
  /** Runs after the choice is stored (the model form empties its series when the brand changes). */
  onChange?: (event: ChangeEvent) => void;
};

export function SelectInput({ name, label, placeholder, options, onChange }: SelectProps) {
  const bound = useBound(name, onChange);
  return <SelectField label={label} placeholder={placeholder} options={options} {...bound} />;
}

const statusOptions = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];

/** An edit form's Active / Inactive choice. */
export function StatusSelect({ name }: { name: string }) {
  return <SelectInput name={name} label="Status" placeholder="Select status" options={statusOptions} />;
}

/** A file picker that offers the images the contract accepts; an edit form keeps the old image when it is left empty. */
export function ImageInput({ name, label }: Bound) {
  const bound = useBound(name);
  return <TextField label={label} type="file" accept={IMAGE_ACCEPT} {...bound} />;
}
