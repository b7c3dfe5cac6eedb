import { createColumnHelper } from '@tanstack/react-table';
import type { User } from '../../contract/users.ts';
import type { ListColumn, listFeatures } from '../../components/data-table/data-table.tsx';
import { editColumn } from '../../components/data-table/edit-column.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { roleName } from '../../domain/roles.ts';

const column = createColumnHelper<typeof listFeatures, User>();

const baseColumns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('username', { header: 'Username' }),
  column.accessor('roleId', { header: 'Role', cell: (info) => roleName(info.getValue()) }),
  column.accessor('isActive', { header: 'Status', cell: (info) => <StatusBadge active={info.getValue() === 1} /> }),
] as ListColumn<User>[];

const edit = editColumn<User>('/users/edit-user/$id');

export const userColumns = { withEdit: [...baseColumns, edit], readOnly: baseColumns };
