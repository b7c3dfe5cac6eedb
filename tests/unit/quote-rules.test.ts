import { describe, expect, it } from 'vitest';
import { createQuoteRequest, normalizePhone } from '#src/contract/quotes.ts';
import { addDays, businessDate, businessYear, formatBusinessDay, formatBusinessTime, formatDay } from '#src/domain/business-time.ts';
import { allows, discountProblem, effectiveStatus, grandTotal, lineFigures, quoteLabel, quoteNumber, rateFor } from '#src/domain/quotes.ts';

const ADMIN = { roleId: 1, isAdmin: 1 };
const MANAGER = { roleId: 2, isAdmin: 0 };
const SALES = { roleId: 3, isAdmin: 0 };

describe('business time', () => {
  it('takes the day and the year in the business time zone, not UTC', () => {
    // 20:30 UTC on 31 Dec is already 1 Jan in Karachi (UTC+5).
    const instant = new Date('2026-12-31T20:30:00Z');
    expect(businessDate(instant, 'Asia/Karachi')).toBe('2027-01-01');
    expect(businessYear(instant, 'Asia/Karachi')).toBe(2027);
    expect(businessDate(instant, 'UTC')).toBe('2026-12-31');
    expect(formatBusinessTime(instant, 'Asia/Karachi')).toBe('01:30');
  });
  it('writes dates as 5 Nov 2026 and adds days across months and years', () => {
    expect(formatDay('2026-11-05')).toBe('5 Nov 2026');
    expect(formatBusinessDay('2026-11-20T10:00:00Z', 'Asia/Karachi')).toBe('20 Nov 2026');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('quote numbers, labels and status', () => {
  it('numbers and labels', () => {
    expect(quoteNumber(2026, 42)).toBe('Q-2026-0042');
    expect(quoteLabel('Q-2026-0042', 2)).toBe('Q-2026-0042-R2');
  });
  it('reads a sent quote past its last valid day as expired, and nothing else', () => {
    expect(effectiveStatus('sent', '2026-11-25', '2026-11-26')).toBe('expired');
    expect(effectiveStatus('sent', '2026-11-26', '2026-11-26')).toBe('sent');
    expect(effectiveStatus('won', '2026-11-01', '2026-11-26')).toBe('won');
    expect(effectiveStatus('draft', '2026-11-01', '2026-11-26')).toBe('draft');
  });
  it('allows each action from the statuses §8.1 names', () => {
    expect(allows('send', 'draft', SALES)).toBe(true);
    expect(allows('send', 'sent', SALES)).toBe(false);
    expect(allows('win', 'expired', SALES)).toBe(false);
    expect(allows('win', 'expired', MANAGER)).toBe(true);
    expect(allows('lose', 'expired', SALES)).toBe(true);
    expect(allows('revise', 'lost', SALES)).toBe(true);
    expect(allows('revise', 'won', ADMIN)).toBe(false);
    expect(allows('cancel', 'won', ADMIN)).toBe(false);
    expect(allows('cancel', 'superseded', ADMIN)).toBe(false);
  });
});

describe('figures and the discount floor', () => {
  it('works line and grand totals exactly', () => {
    const line = lineFigures(9_007_199_254_740n, 40, 1000);
    expect(line.lineTotal).toBe(9_007_199_254_700_000);
    expect(grandTotal([{ lineTotal: 100 }, { lineTotal: 250 }])).toBe(350);
  });
  it('refuses a discount above the price for everyone, below Cost for all but admins', () => {
    const unit = { total: 1000n, cost: 900n };
    expect(discountProblem({ discountPerUnit: 1001 }, unit, ADMIN)).toBe('discount');
    expect(discountProblem({ discountPerUnit: 100 }, unit, SALES)).toBeNull();
    expect(discountProblem({ discountPerUnit: 101 }, unit, MANAGER)).toBe('belowFloor');
    expect(discountProblem({ discountPerUnit: 101 }, unit, ADMIN)).toBeNull();
  });
  it('shows Sales the TR and the rate alone', () => {
    const variables = { tr: '3.5', exch: '281.15', fare: '0.05', duties: '0.1', profit: '0.2' };
    expect(rateFor(SALES, variables, true, null)).toEqual({ tr: '3.5', exch: '281.15', fixed: true, setAt: null });
    expect(rateFor(MANAGER, variables, false, null)).toEqual({ ...variables, fixed: false, setAt: null });
  });
});

describe('the quote body', () => {
  it('stores phones as + and digits', () => {
    expect(normalizePhone('0300-123 4567')).toBe('+923001234567');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('0300-123456')).toBeNull();
  });
  it('says what is wrong under each field', () => {
    const parsed = createQuoteRequest.safeParse({
      customerName: ' ',
      customerPhone: 'abc',
      validUntil: '2026-02-30',
      lines: [
        { modelId: 1, qty: 0 },
        { modelId: 1, qty: 1, discountPerUnit: 1.5 },
      ],
    });
    const errors = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(errors).toEqual({
      customerName: 'Please enter customer name.',
      customerPhone: 'Please enter a valid phone number.',
      validUntil: 'The validity date is not a valid date.',
      'lines.0.qty': 'The quantity must be a whole number from 1 to 10000.',
      'lines.1.discountPerUnit': 'The discount must be a whole number of rupees, from 0 to the price.',
    });
    expect(createQuoteRequest.safeParse({ customerName: 'A', lines: [] }).error!.issues[0]).toMatchObject({
      path: ['lines'],
      message: 'Please add at least one model.',
    });
  });
  it('names a model twice under the second line', () => {
    const parsed = createQuoteRequest.safeParse({
      customerName: 'A',
      lines: [
        { modelId: 3, qty: 1 },
        { modelId: 3, qty: 2 },
      ],
    });
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lines.1.modelId', 'This model is already in the quote.'],
    ]);
  });
  it('keeps line breaks of the note as LF', () => {
    expect(createQuoteRequest.parse({ customerName: 'A', note: 'a\r\nb', lines: [{ modelId: 1, qty: 1 }] }).note).toBe('a\nb');
  });
});
