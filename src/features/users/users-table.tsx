import { createColumnHelper } from '@tanstack/react-table';
import type { User } from '#src/contract/users.ts';
import type { listFeatures } from '#src/components/data-table/data-table.tsx';
import { editColumn } from '#src/components/data-table/edit-column.tsx';
import { StatusBadge } from '#src/components/status-badge.tsx';
import { roleName } from '#src/domain/roles.ts';

const column = createColumnHelper<typeof listFeatures, User>();

export const userColumns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('username', { header: 'Username' }),
  column.accessor('roleId', { header: 'Role', cell: (info) => roleName(info.getValue()) }),
  column.accessor('isActive', { header: 'Status', cell: (info) => <StatusBadge active={info.getValue() === 1} /> }),
  editColumn<User>('/users/edit-user/$id'),
]);
