import { appMessages } from '#src/contract/app-messages.ts';

/**
 * The one row of a table with nothing to show: 'No Record Found.' (docs/product.md §2), the same words
 * in every list, part and card, so an empty answer never reads as a missing table.
 */
export function EmptyRow({ columns }: { columns: number }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-slate-500">
        {appMessages.noRecords}
      </td>
    </tr>
  );
}
