import type { LostReason, StoredQuoteStatus } from '#src/contract/quotes.ts';
import type { Variables } from '#src/contract/variables.ts';
import { addDays, businessDate, businessYear, DEFAULT_BUSINESS_TIME_ZONE } from '#src/domain/business-time.ts';
import { quoteNumber } from '#src/domain/quotes.ts';
import { exchSetAt, pricedLine } from './quote-lines.ts';
import type { MockBrand, MockModel, MockQuote, MockQuoteLine, MockSeries, MockVariableChange } from './store-shape.ts';

// The demo's quotes: every status for every user, dated from today so sent ones are still valid
// and expired ones past their day, priced by the same code as the handlers.

type Catalogue = { models: MockModel[]; series: MockSeries[]; brands: MockBrand[] };
type Plan = { status: StoredQuoteStatus; validIn: number; lostReason?: LostReason };

const DAY_MS = 86_400_000;
// A quote for each status, its validity in days from today (an expired one is sent and past it).
const plans: Plan[] = [
  { status: 'draft', validIn: 7 },
  { status: 'sent', validIn: 5 },
  { status: 'sent', validIn: -3 },
  { status: 'won', validIn: 2 },
  { status: 'lost', validIn: 4, lostReason: 'Price' },
  { status: 'cancelled', validIn: 6 },
  // Superseded by the next revision of its number, sent.
  { status: 'superseded', validIn: 1 },
];

const customers: [string, string | null][] = [
  ['Ali Traders', '+923001234567'],
  ['Hotel Mehran', null],
  ['Sana Khan', '+923211112233'],
  ['Crescent Textiles', '+924235761234'],
  ['Bilal Ahmed', '+923334445556'],
  ['City Clinic', null],
  ['Noor Bakery', '+923125556677'],
];

// [modelId, qty, discountPerUnit] of sellable models; discounts within every role's floor.
const lineSets: [number, number, number][][] = [
  [[1, 2, 500]],
  [
    [2, 1, 0],
    [6, 3, 1000],
  ],
  [[7, 2, 0]],
  [
    [3, 1, 2000],
    [8, 1, 0],
  ],
];

export function seedQuotes(
  userIds: readonly number[],
  { models, series, brands }: Catalogue,
  variables: Variables,
  history: readonly MockVariableChange[],
): MockQuote[] {
  const now = Date.now();
  const today = businessDate(new Date(now), DEFAULT_BUSINESS_TIME_ZONE);
  const year = businessYear(new Date(now), DEFAULT_BUSINESS_TIME_ZONE);
  const rate = { variables, setAt: exchSetAt(history) };
  const rowOf = (modelId: number) => {
    const model = models.find((row) => row.id === modelId)!;
    const inSeries = series.find((row) => row.id === model.seriesId)!;
    return { model, series: inSeries, brand: brands.find((row) => row.id === inSeries.brandId)! };
  };
  const quotes: MockQuote[] = [];

  const add = (createdBy: number, sequence: number, revision: number, status: StoredQuoteStatus, plan: Plan) => {
    const id = quotes.length + 1;
    const daysAgo = plans.length * userIds.length - id;
    const createdAt = new Date(now - (daysAgo + 1) * DAY_MS).toISOString();
    const sent = status !== 'draft' && status !== 'cancelled';
    const [customerName, customerPhone] = customers[sequence % customers.length]!;
    const lines: MockQuoteLine[] = lineSets[sequence % lineSets.length]!.map(([modelId, qty, discountPerUnit]) => {
      const line = { modelId, qty, discountPerUnit };
      return sent ? { ...line, fixed: pricedLine(rowOf(modelId), line, variables) } : line;
    });
    quotes.push({
      id,
      number: quoteNumber(year, sequence),
      revision,
      status,
      customerName,
      customerPhone,
      note: '',
      validUntil: addDays(today, plan.validIn),
      createdBy,
      createdAt,
      sentAt: sent ? createdAt : null,
      decidedAt: ['won', 'lost', 'cancelled'].includes(status) ? createdAt : null,
      lostReason: plan.lostReason ?? null,
      lostNote: null,
      rate: sent ? rate : null,
      lines,
      shareToken: sent ? `5eed${String(id).padStart(28, '0')}` : null,
    });
  };

  let sequence = 0;
  for (const userId of userIds) {
    for (const plan of plans) {
      sequence += 1;
      add(userId, sequence, 1, plan.status, plan);
      if (plan.status === 'superseded') add(userId, sequence, 2, 'sent', { status: 'sent', validIn: 7 });
    }
  }
  return quotes;
}
