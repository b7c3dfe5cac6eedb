import { lostReasons, type CreateQuoteRequest, type QuoteLineInput } from '#src/contract/quotes.ts';
import type { CurrentUser } from '#src/contract/auth.ts';
import { businessDate } from '#src/domain/business-time.ts';
import { unitFigures } from '#src/domain/quotes.ts';
import { isAdminRoleId, ROLE_SALES } from '#src/domain/roles.ts';
import type { Business } from '#server/config.ts';
import type { Db } from '#server/db/connect.ts';
import { winQuote } from '#server/repositories/quotes-win.ts';
import { cancelQuote, createQuote, loseQuote, reviseQuote, sendQuote } from '#server/repositories/quotes-writes.ts';
import { USERS, VARIABLES } from './catalogue.ts';
import type { Random } from './random.ts';

// The demo's quotes (docs/design.md §8.1): every salesperson has one in every status, made through
// the server's own quote repositories at past times, so numbers, fixed rates, share tokens, stock
// moves and audit entries are what the app itself would have written. They all fall after the
// rate's last change (catalogue.ts EXCH_HISTORY, 6 days ago), so a sent quote's rate date is true.

/** What happens to a quote, in the order the salespeople make them: the expired ones first, valid only to the day they were made. */
const STORIES = ['expired', 'won', 'wonWithStockOut', 'lost', 'superseded', 'cancelled', 'sent', 'draft'] as const;
type Story = (typeof STORIES)[number];

const CUSTOMERS = [
  ['Hassan Traders', '03001234567'],
  ['Nadia Siddiqui', '03214567890'],
  ['Gulberg Heights Residency', null],
  ['Faisal Textile Mills', '+924235761234'],
  ['Rabia Anwar', '03337654321'],
  ['Al-Noor Hospital', '+92518443322'],
  ['Zubair Sheikh', null],
  ['Blue Lagoon Restaurant', '03451122334'],
] as const;

const HOUR = 3_600_000;
/** The first quote's day, counted back from now: after the rate's last change. */
const FIRST_DAYS_AGO = 5;

type Pooled = { id: number; priceUsd: string; quantity: number };

/** Active models of active series and brands with stock to spare, in id order. */
async function modelPool(db: Db): Promise<Pooled[]> {
  const rows = await db
    .selectFrom('models')
    .innerJoin('series', 'series.id', 'models.series_id')
    .innerJoin('brands', 'brands.id', 'series.brand_id')
    .select(['models.id', 'models.price_cents', 'models.quantity'])
    .where('models.is_active', '=', 1)
    .where('series.is_active', '=', 1)
    .where('brands.is_active', '=', 1)
    .where('models.quantity', '>=', 10)
    .orderBy('models.id')
    .execute();
  return rows.map((row) => {
    const cents = Number(row.price_cents);
    return { id: row.id, priceUsd: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`, quantity: Number(row.quantity) };
  });
}

/**
 * One to three models, one or two of each (a pool model keeps at least 10, so even every
 * stock-out win taking the same model leaves it above 0), with a discount of up to a third of
 * the margin in whole hundreds on some lines, so Sales stay above the floor.
 */
function pickLines(random: Random, pool: readonly Pooled[]): QuoteLineInput[] {
  const models = random.shuffle([...pool]).slice(0, random.int(1, 3));
  return models.map((model) => {
    const { total, cost } = unitFigures(model.priceUsd, VARIABLES);
    const room = Number((total - cost) / 300n) * 100;
    return { modelId: model.id, qty: random.int(1, 2), discountPerUnit: random.chance(0.5) ? Math.floor(room / 100 / 2) * 100 : 0 };
  });
}

/** A demo user (an active one) as a signed-in request would carry it. */
async function currentUser(db: Db, username: string): Promise<CurrentUser> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'role_id'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, username: row.username, roleId: row.role_id, isAdmin: isAdminRoleId(row.role_id), isActive: 1 };
}

/** Writes a quote of every story for every active salesperson, an hour or so apart; answers how many. */
export async function writeQuotes(db: Db, random: Random, business: Business, now: Date): Promise<number> {
  const pool = await modelPool(db);
  const manager = await currentUser(db, 'manager');
  const sellers = await Promise.all(
    USERS.filter((user) => user.active && user.roleId === ROLE_SALES).map((user) => currentUser(db, user.username)),
  );
  const start = now.getTime() - FIRST_DAYS_AGO * 24 * HOUR;
  let step = 0;
  const at = () => new Date(start + step++ * HOUR + random.int(0, 40) * 60_000);
  let customer = 0;
  const written: number[] = [];
  for (const story of STORIES)
    for (const seller of sellers) {
      const [customerName, customerPhone] = CUSTOMERS[customer++ % CUSTOMERS.length]!;
      const input: CreateQuoteRequest = {
        customerName,
        ...(customerPhone && { customerPhone }),
        ...(random.chance(0.3) && { note: 'Installation included; delivery within Lahore.' }),
        lines: pickLines(random, pool),
      };
      written.push(...(await tell(db, { seller, manager, story, input, business, at, index: written.length })));
    }
  return written.length;
}

type Telling = {
  seller: CurrentUser;
  manager: CurrentUser;
  story: Story;
  input: CreateQuoteRequest;
  business: Business;
  at: () => Date;
  index: number;
};

/** Makes one quote and takes it through its story; answers the ids it made (two for a superseded one). */
async function tell(db: Db, { seller, manager, story, input, business, at, index }: Telling): Promise<number[]> {
  const created = at();
  // An expired quote was valid only to the day it was made, days ago.
  const validUntil = story === 'expired' ? businessDate(created, business.timeZone) : undefined;
  const id = await createQuote(db, seller, { ...input, ...(validUntil && { validUntil }) }, business, created);
  if (story === 'draft') return [id];
  if (story === 'cancelled' && index % 2 === 0) {
    await cancelQuote(db, seller, decision(id, created, business), at());
    return [id];
  }
  const sent = at();
  await sendQuote(db, seller, id, undefined, business, sent);
  const later = at();
  switch (story) {
    case 'won':
      await winQuote(db, seller, decision(id, later, business), false, later);
      return [id];
    case 'wonWithStockOut':
      await winQuote(db, manager, decision(id, later, business), true, later);
      return [id];
    case 'lost':
      await loseQuote(
        db,
        seller,
        decision(id, later, business),
        {
          reason: lostReasons[index % lostReasons.length]!,
          ...(index % 3 === 0 && { reasonNote: 'Went with a cheaper inverter model.' }),
        },
        later,
      );
      return [id];
    case 'cancelled':
      await cancelQuote(db, seller, decision(id, later, business), later);
      return [id];
    case 'superseded': {
      const revision = await reviseQuote(db, seller, id, false, business, later);
      const resent = at();
      await sendQuote(db, seller, revision, undefined, business, resent);
      return [id, revision];
    }
    default:
      return [id];
  }
}

const decision = (id: number, now: Date, business: Business) => ({ id, version: undefined, today: businessDate(now, business.timeZone) });
