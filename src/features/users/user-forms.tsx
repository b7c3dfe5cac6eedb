import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CallReply } from '#src/contract/calls.ts';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { useConfirm } from '#src/components/confirm-dialog.tsx';
import { appMessages } from '#src/contract/messages.ts';
import { meQuery } from '#src/features/auth/api.ts';
import { SelectField, statusOptions, SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { ROLE_IDS, roleName } from '#src/domain/roles.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { required, requiredChoice } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { userKeys } from './api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

const roleOptions = ROLE_IDS.map((id) => ({ value: id, label: roleName(id) }));

// A password is sent exactly as typed (never trimmed); only a blank one counts as not entered.
// docs/product.md §2 asks for a plain text input, so it is not masked.
const passwordInput = { type: 'text', autoComplete: 'off', spellCheck: false } as const;

const addUserForm = z.object({
  name: required(requiredMessages.name),
  username: required(requiredMessages.username),
  password: z.string().refine((value) => value.trim() !== '', requiredMessages.password),
  roleId: requiredChoice(requiredMessages.role).transform(Number),
});

export function AddUserForm() {
  const form = useForm<z.input<typeof addUserForm>, unknown, z.output<typeof addUserForm>>({
    resolver: zodResolver(addUserForm),
    defaultValues: { name: '', username: '', password: '', roleId: '' },
  });
  const write = useWriteCall('users/add-user', {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: () => form.reset(),
    invalidates: [userKeys.all],
  });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => write.submit(values))}>
      <FormFeedback form={form} write={write} />
      <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
      <TextField label="Username" autoComplete="off" error={errors.username?.message} {...form.register('username')} />
      <TextField label="Password" {...passwordInput} error={errors.password?.message} {...form.register('password')} />
      <SelectField
        label="Role"
        placeholder="Select role"
        options={roleOptions}
        error={errors.roleId?.message}
        {...form.register('roleId')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}

const editUserForm = z.object({
  name: required(requiredMessages.name),
  username: required(requiredMessages.username),
  password: z.string(),
  roleId: requiredChoice(requiredMessages.role).transform(Number),
  isActive: requiredChoice(requiredMessages.status).transform(Number),
});

export function EditUserForm({ user }: { user: CallReply<'users/get-user'>['user'] }) {
  const form = useForm<z.input<typeof editUserForm>, unknown, z.output<typeof editUserForm>>({
    resolver: zodResolver(editUserForm),
    defaultValues: { name: user.name, username: user.username, password: '', roleId: String(user.roleId), isActive: String(user.isActive) },
  });
  const write = useWriteCall('users/update-user', {
    onFieldErrors: showFieldErrors(form.setError),
    // A saved password leaves the field, so submitting again does not set it (and end sessions) twice.
    onSuccess: () => form.resetField('password'),
    invalidates: [userKeys.all],
  });
  const errors = form.formState.errors;
  const me = useQuery(meQuery);
  const confirm = useConfirm();
  // An empty password keeps the stored one: it is sent only when filled. Locking oneself out is
  // asked about first (docs/design.md §7.7): the server ends one's own sessions on either.
  const submit = form.handleSubmit(({ password, ...values }) => {
    const send = () => write.submit({ id: user.id, version: user.version, ...values, ...(password === '' ? {} : { password }) });
    const self = me.data?.id === user.id;
    if (self && user.isActive === 1 && values.isActive === 0) confirm.ask(appMessages.deactivateSelf, send);
    else if (self && values.roleId > user.roleId) confirm.ask(appMessages.demoteSelf, send);
    else send();
  });
  return (
    <form noValidate onSubmit={submit}>
      {confirm.dialog}
      <FormFeedback form={form} write={write} />
      <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
      <TextField label="Username" autoComplete="off" error={errors.username?.message} {...form.register('username')} />
      <TextField label="Password" {...passwordInput} error={errors.password?.message} {...form.register('password')} />
      <SelectField
        label="Role"
        placeholder="Select role"
        options={roleOptions}
        error={errors.roleId?.message}
        {...form.register('roleId')}
      />
      <SelectField
        label="Status"
        placeholder="Select status"
        options={statusOptions}
        error={errors.isActive?.message}
        {...form.register('isActive')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}
