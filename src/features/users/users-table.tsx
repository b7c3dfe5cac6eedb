import { createColumnHelper } from '@tanstack/react-table';
import type { User } from '../../contract/users.ts';
import type { ListColumn, listFeatures } from '../../components/data-table/data-table.tsx';
import { RowLink } from '../../components/list-links.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { roleName } from '../../domain/roles.ts';

const column = createColumnHelper<typeof listFeatures, User>();

const baseColumns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('username', { header: 'Username' }),
  column.accessor('roleId', { header: 'Role', cell: (info) => roleName(info.getValue()) }),
  column.accessor('isActive', { header: 'Status', cell: (info) => <StatusBadge active={info.getValue() === 1} /> }),
] as ListColumn<User>[];

const editColumn = column.display({
  id: 'edit',
  header: 'Edit',
  cell: (info) => (
    <RowLink to="/users/edit-user/$id" params={{ id: String(info.row.original.id) }}>
      Edit
    </RowLink>
  ),
}) as ListColumn<User>;

export const userColumns = { withEdit: [...baseColumns, editColumn], readOnly: baseColumns };
