import type { CurrentUser } from '#src/contract/auth.ts';
import { InputError } from '#src/contract/errors.ts';
import { quoteMessages } from '#src/contract/quotes.ts';
import { stockOutChange } from '#src/domain/quote-audit.ts';
import { quoteLabel, wonMoveNote } from '#src/domain/quotes.ts';
import type { Db } from '#server/db/connect.ts';
import { removeStock } from './stock.ts';
import { inTransaction } from './transaction.ts';
import { changeQuote, type Decision } from './quotes-writes.ts';

/**
 * Marks a quote won (docs/design.md §8.1); with `stockOut` (level 2, checked by the route) every
 * line leaves stock in the same transaction, as models/remove-stock removes it (the condition in
 * the UPDATE, its log row and audit entry), note 'Quote <label>'. The lines go in model-id order,
 * so two wins sharing models lock them in one order and cannot deadlock. A line short of stock
 * refuses the whole win under `lines.N.qty` (N its place in the quote, from 0; every short line) and nothing stays.
 */
export async function winQuote(db: Db, user: CurrentUser, decision: Decision, stockOut: boolean, now = new Date()): Promise<void> {
  await inTransaction(db, (trx) =>
    changeQuote(
      trx,
      user,
      { ...decision, action: 'win', audit: 'quote.win' },
      async (inner, quote) => {
        if (stockOut) {
          const lines = await inner
            .selectFrom('quote_lines')
            .select(['line_no', 'model_id', 'qty'])
            .where('quote_id', '=', quote.id)
            .orderBy('model_id')
            .execute();
          const note = wonMoveNote(quoteLabel(quote.number, quote.revision));
          // Every short line is named, though the first already refuses the win (and undoes the rest).
          const short: { lineNo: number; stock: number }[] = [];
          for (const line of lines) {
            const result = await removeStock(inner, { modelId: line.model_id, quantity: Number(line.qty), by: user, note }, now);
            if (!result.ok) short.push({ lineNo: line.line_no, stock: result.stock ?? 0 });
          }
          if (short.length > 0)
            throw new InputError(
              Object.fromEntries(
                short
                  .sort((x, y) => x.lineNo - y.lineNo)
                  .map(({ lineNo, stock }) => [`lines.${lineNo - 1}.qty`, [quoteMessages.onlyInStock(stock)]]),
              ),
            );
        }
        return { columns: { status: 'won', decided_at: now.toISOString() }, ...(stockOut && { more: stockOutChange }) };
      },
      now,
    ),
  );
}
