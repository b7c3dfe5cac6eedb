import { businessYear, DEFAULT_BUSINESS_TIME_ZONE, addDays, businessDate } from '#src/domain/business-time.ts';
import { nameKey } from '#src/domain/names.ts';
import { lineFigures, quoteLabel, quoteNumber, unitFigures } from '#src/domain/quotes.ts';
import { sql, type Insertable } from 'kysely';
import type { Connection } from '#server/db/connect.ts';
import type { QuoteLinesTable, QuotesTable } from '#server/db/schema.ts';
import { inChunks } from '#server/repositories/chunks.ts';
import { load, medianLoad, type Load } from './api.ts';
import { ratioRow, type Row } from './report.ts';
import type { Probed, RunningServer } from './server.ts';

// Issue 31: the quotes list's 500-row page at 10,000 quotes within 1.25× the models list's 500-row
// call, both asked of our server in the same run, in turns. The quotes are written in bulk, not
// through 10,000 calls, but as the calls would leave them: numbered gapless in this year, a sent
// one with its fixed rate, names and figures (src/domain's price rules), one in ten a draft whose
// total the list works out at today's rate, some past their validity (expired).

export const QUOTES = 10_000;
const LINES_PER_QUOTE = 2;
const ROUNDS = 2;

export type QuotesListFigures = { quotes: Load; models: Load };

export async function seedQuotes({ db, kind }: Connection, count = QUOTES): Promise<void> {
  const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const variables = await db.selectFrom('variables').select(['tr', 'exch', 'fare', 'duties', 'profit']).executeTakeFirstOrThrow();
  const models = await db
    .selectFrom('models')
    .innerJoin('series', 'series.id', 'models.series_id')
    .innerJoin('brands', 'brands.id', 'series.brand_id')
    .select(['models.id', 'models.name', 'models.price_cents', 'models.capacity_milli_kw', 'series.name as series', 'brands.name as brand'])
    .where('models.is_active', '=', 1)
    .orderBy('models.id')
    .limit(50)
    .execute();
  const now = new Date();
  const year = businessYear(now, DEFAULT_BUSINESS_TIME_ZONE);
  const today = businessDate(now, DEFAULT_BUSINESS_TIME_ZONE);
  const at = now.toISOString();
  const quotes: Insertable<QuotesTable>[] = [];
  const lines: (Omit<Insertable<QuoteLinesTable>, 'quote_id'> & { number: string })[] = [];
  for (let i = 1; i <= count; i++) {
    const draft = i % 10 === 0;
    const picked = Array.from({ length: LINES_PER_QUOTE }, (_, at) => models[(i + at * 7) % models.length]!);
    const figures = picked.map((model) => {
      const cents = Number(model.price_cents);
      const priceUsd = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      return lineFigures(unitFigures(priceUsd, variables).total, 0, 1 + (i % 3));
    });
    const number = quoteNumber(year, i);
    quotes.push({
      number,
      revision: 1,
      label_key: nameKey(quoteLabel(number, 1)),
      status: draft ? 'draft' : 'sent',
      customer_name: `Customer ${i}`,
      customer_name_key: nameKey(`Customer ${i}`),
      customer_phone: null,
      note: '',
      // Every fourth one lapsed yesterday: expired, by the one rule.
      valid_until: addDays(today, i % 4 === 0 ? -1 : 7),
      created_by: user.id,
      created_at: at,
      updated_at: at,
      sent_at: draft ? null : at,
      ...(draft ? {} : { ...variables, exch_set_at: at, grand_total: figures.reduce((sum, line) => sum + line.lineTotal, 0) }),
    });
    lines.push(
      ...picked.map((model, index) => ({
        number,
        line_no: index + 1,
        model_id: model.id,
        qty: figures[index]!.qty,
        discount_per_unit: 0,
        ...(draft
          ? {}
          : {
              brand_name: model.brand,
              series_name: model.series,
              model_name: model.name,
              capacity_milli_kw: model.capacity_milli_kw,
              unit_total: figures[index]!.unitTotal,
              line_total: figures[index]!.lineTotal,
            }),
      })),
    );
  }
  await db.transaction().execute(async (trx) => {
    await inChunks(quotes, (chunk) => trx.insertInto('quotes').values(chunk).execute());
    const ids = new Map((await trx.selectFrom('quotes').select(['id', 'number']).execute()).map((row) => [row.number, row.id]));
    const rows = lines.map(({ number, ...line }) => ({ ...line, quote_id: ids.get(number)! }));
    await inChunks(rows, (chunk) => trx.insertInto('quote_lines').values(chunk).execute());
    await trx.insertInto('quote_sequences').values({ year, last: count }).execute();
  });
  // As bench/seed.ts does for the catalogue: a live PostgreSQL has statistics from autovacuum.
  if (kind === 'postgres') await sql`analyze quotes, quote_lines`.execute(db);
}

/** Our quotes list and our models list, 500 rows each, in turns (which goes first alternates), each the median of the rounds. */
export async function measureQuotesList(server: RunningServer): Promise<QuotesListFigures> {
  const target: Probed = server;
  await load(target, 500, server.token, 1, 'quotes');
  await load(target, 500, server.token, 1, 'models');
  const quotes: Load[] = [];
  const models: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runQuotes = async () => void quotes.push(await load(target, 500, server.token, undefined, 'quotes'));
    const runModels = async () => void models.push(await load(target, 500, server.token, undefined, 'models'));
    for (const run of round % 2 ? [runModels, runQuotes] : [runQuotes, runModels]) await run();
  }
  return { quotes: medianLoad(quotes), models: medianLoad(models) };
}

export function quotesListRows(kind: string, { quotes, models }: QuotesListFigures): Row[] {
  const figure = `API ${kind} quotes list, 500-row page at ${QUOTES} quotes, vs the models list's 500`;
  return [
    ratioRow(`${figure}: req/s`, quotes.rps, models.rps, 'req/s', 0.8, true),
    ratioRow(`${figure}: p50`, quotes.p50, models.p50, 'ms', 1.25),
    ratioRow(`${figure}: p99`, quotes.p99, models.p99, 'ms', 1.25),
  ];
}
