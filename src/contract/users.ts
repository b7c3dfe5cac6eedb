import { z } from 'zod/mini';
import { activeFlag, idRequest, pagedRequest, searchFilters, pagedResponse } from './common.ts';
import { idField, nameField, optionalPasswordField, passwordField, roleIdField, statusField } from './fields.ts';
import { recordVersion, versionField } from './versions.ts';
import { requiredMessages } from './required-messages.ts';

export const userRow = z.object({
  id: z.int(),
  name: z.string(),
  username: z.string(),
  roleId: z.int(),
  isActive: activeFlag,
});
export type User = z.infer<typeof userRow>;

export const usersRequest = pagedRequest(searchFilters, 30);
export const usersResponse = pagedResponse(userRow);

export const getUserRequest = idRequest();
export const getUserResponse = z.object({ user: z.extend(userRow, { version: recordVersion }) });

export const addUserRequest = z.object({
  name: nameField(requiredMessages.name),
  username: nameField(requiredMessages.username),
  password: passwordField(requiredMessages.password),
  roleId: roleIdField,
});

export const updateUserRequest = z.object({
  id: idField('The id field is required.'),
  name: nameField(requiredMessages.name),
  username: nameField(requiredMessages.username),
  password: optionalPasswordField,
  roleId: roleIdField,
  isActive: statusField,
  version: versionField,
});
