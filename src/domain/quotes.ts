import type { QuoteRate, QuoteStatus, StoredQuoteStatus } from '#src/contract/quotes.ts';
import type { Variables } from '#src/contract/variables.ts';
import { mayAccess } from './access.ts';
import { computePrices, type PreparedPriceVariables, type PriceVariables } from './prices.ts';
import { qualifies, type SessionUser } from './roles.ts';
import { modelsListAccess } from './screens.ts';

// The rules of a quote (docs/design.md §8.1), one copy for the server, the mocks and the screens.

/** QUOTE_VALIDITY_DAYS's default: a new quote is valid until the business day this many days ahead. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 7;

/** `Q-2026-0042`: the business year and a gapless sequence number within it. */
export const quoteNumber = (year: number, sequence: number): string => `Q-${year}-${String(sequence).padStart(4, '0')}`;

/** `Q-2026-0042-R2`. */
export const quoteLabel = (number: string, revision: number): string => `${number}-R${revision}`;

/** The one rule of expiry: a sent quote past its last valid business day reads as expired. */
export function effectiveStatus(stored: StoredQuoteStatus, validUntil: string, today: string): QuoteStatus {
  return stored === 'sent' && validUntil < today ? 'expired' : stored;
}

/** The stored statuses and the day that give a status filter's rows (`expired` and `sent` split one stored status). */
export type StatusCondition = { stored: StoredQuoteStatus; validFrom?: string; validBefore?: string };
export function statusCondition(status: QuoteStatus, today: string): StatusCondition {
  if (status === 'expired') return { stored: 'sent', validBefore: today };
  if (status === 'sent') return { stored: 'sent', validFrom: today };
  return { stored: status };
}

/** Sales see and act on their own quotes only; another's answers as an unknown id. */
export const seesEveryQuote = (user: SessionUser): boolean => qualifies(user, 2);

export type QuoteAction = 'update' | 'send' | 'win' | 'lose' | 'cancel' | 'revise';

/**
 * Whether a quote in this (effective) status allows the action for this user. A refusal is 422
 * under `status`: 'This quote can no longer be changed.' (under `id` for a revision that already
 * has a draft, which the caller checks).
 */
export function allows(action: QuoteAction, status: QuoteStatus, user: SessionUser): boolean {
  switch (action) {
    case 'update':
    case 'send':
      return status === 'draft';
    case 'win':
      return status === 'sent' || (status === 'expired' && seesEveryQuote(user));
    case 'lose':
      return status === 'sent' || status === 'expired';
    case 'cancel':
      return status === 'draft' || status === 'sent' || status === 'expired';
    case 'revise':
      return status === 'sent' || status === 'expired' || status === 'lost';
    default:
      return false;
  }
}

/** Who may win with stock out (level 2, as models/remove-stock), and revise keeping the old rate. */
export const mayMoveStock = (user: SessionUser): boolean => qualifies(user, 2);
export const mayKeepRate = (user: SessionUser): boolean => qualifies(user, 2);
/** Admins may price under Cost; the audit entry says so. */
export const mayGoBelowCost = (user: SessionUser): boolean => qualifies(user, 1);

/** A model's unit Total and Cost at these variables, whole rupees. */
export function unitFigures(
  priceUsd: string | number,
  variables: PriceVariables | PreparedPriceVariables,
): { total: bigint; cost: bigint } {
  const { total, cost } = computePrices(priceUsd, variables);
  return { total, cost };
}

export type LineFigures = { unitTotal: number; discountPerUnit: number; qty: number; lineTotal: number };

/** A line's total, (unit Total − discount) × quantity, exact. */
export function lineFigures(unitTotal: bigint, discountPerUnit: number, qty: number): LineFigures {
  const lineTotal = (unitTotal - BigInt(discountPerUnit)) * BigInt(qty);
  return { unitTotal: Number(unitTotal), discountPerUnit, qty, lineTotal: Number(lineTotal) };
}

export const grandTotal = (lines: readonly { lineTotal: number }[]): number =>
  Number(lines.reduce((sum, line) => sum + BigInt(line.lineTotal), 0n));

/** What is wrong with a line's discount at this unit Total and Cost, or null (the discount floor of §8.1). */
export function discountProblem(
  line: { discountPerUnit: number },
  unit: { total: bigint; cost: bigint },
  user: SessionUser,
): 'discount' | 'belowFloor' | null {
  const discount = BigInt(line.discountPerUnit);
  if (discount > unit.total) return 'discount';
  if (!mayGoBelowCost(user) && unit.total - discount < unit.cost) return 'belowFloor';
  return null;
}

/** Whether any line sells below its Cost (recorded as `belowCost: true` in the audit entry). */
export const belowCost = (lines: readonly { discountPerUnit: number; unit: { total: bigint; cost: bigint } }[]): boolean =>
  lines.some((line) => line.unit.total - BigInt(line.discountPerUnit) < line.unit.cost);

/** A quote's rate as this user may see it: Sales the TR and the rate alone (docs/design.md §8.9). */
export function rateFor(user: SessionUser, variables: Variables, fixed: boolean, setAt: string | null): QuoteRate {
  if (mayAccess(user, modelsListAccess.pricing)) return { ...variables, fixed, setAt };
  return { tr: variables.tr, exch: variables.exch, fixed, setAt };
}

/** The stock-out note of a won quote's moves: 'Quote Q-2026-0042-R2'. */
export const wonMoveNote = (label: string): string => `Quote ${label}`;
