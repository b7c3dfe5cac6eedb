import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { CallReply } from '#src/contract/calls.ts';
import { appMessages } from '#src/contract/app-messages.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { ROLE_IDS, roleName } from '#src/domain/roles.ts';
import { SelectInput, StatusSelect, TextInput } from '#src/components/form/bound-fields.tsx';
import { addMode, editMode } from '#src/components/form/form-mode.ts';
import { WriteForm } from '#src/components/form/write-form.tsx';
import { required, requiredAsTyped, requiredChoice } from '#src/lib/form-schemas.ts';
import { meQuery } from '#src/features/auth/api.ts';
import { userKeys } from './api.ts';

type UserDetail = CallReply<'users/get-user'>['user'];

const roleOptions = ROLE_IDS.map((id) => ({ value: id, label: roleName(id) }));

const userFields = {
  name: required(requiredMessages.name),
  username: required(requiredMessages.username),
  roleId: z.pipe(requiredChoice(requiredMessages.role), z.transform(Number)),
};

const addUser = addMode({
  call: 'users/add-user',
  schema: z.object({ ...userFields, password: requiredAsTyped(requiredMessages.password) }),
  defaultValues: { name: '', username: '', password: '', roleId: '' },
  body: (values) => values,
});

const editUserSchema = z.object({
  ...userFields,
  password: z.string(),
  isActive: z.pipe(requiredChoice(requiredMessages.status), z.transform(Number)),
});

const editUser = (user: UserDetail, self: boolean) =>
  editMode({
    call: 'users/update-user',
    record: user,
    follows: { event: 'users', queryKey: userKeys.detail(user.id) },
    schema: editUserSchema,
    defaultValues: { name: user.name, username: user.username, password: '', roleId: String(user.roleId), isActive: String(user.isActive) },
    // An empty password keeps the stored one: it is sent only when filled.
    body: ({ password, ...values }) => ({ ...values, ...(password === '' ? {} : { password }) }),
    // Locking oneself out is asked about first (docs/design.md §7.7): the server ends one's own sessions on either.
    ask: (values) => {
      if (self && user.isActive === 1 && values.isActive === 0) return appMessages.deactivateSelf;
      if (self && values.roleId > user.roleId) return appMessages.demoteSelf;
      return undefined;
    },
    // A saved password leaves the field, so submitting again does not set it (and end sessions) twice.
    clearsOnSave: ['password'],
  });

/** Add User without a user, Edit User with one: its password optional, its status below. */
function UserForm({ user }: { user?: UserDetail }) {
  // Only Edit User asks who is signed in.
  const me = useQuery({ ...meQuery, enabled: user !== undefined });
  return (
    <WriteForm mode={user ? editUser(user, me.data?.id === user.id) : addUser} invalidates={[userKeys.all]}>
      <TextInput name="name" label="Name" />
      <TextInput name="username" label="Username" autoComplete="off" />
      {/* docs/product.md §2 asks for a plain text input, so it is not masked. */}
      <TextInput name="password" label="Password" type="text" autoComplete="off" spellCheck={false} />
      <SelectInput name="roleId" label="Role" placeholder="Select role" options={roleOptions} />
      {user && <StatusSelect name="isActive" />}
    </WriteForm>
  );
}

export const AddUserForm = () => <UserForm />;

export const EditUserForm = ({ user }: { user: UserDetail }) => <UserForm user={user} />;
