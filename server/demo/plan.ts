import { ROLE_MANAGER } from '#src/domain/roles.ts';
import { BRANDS, SIZES, USERS, type BrandDefinition, type SeriesDefinition } from './catalogue.ts';
import type { Random } from './random.ts';

// Turns the fixed vocabulary into rows: which models exist, their capacity, price, status and
// stock history. Pure, so the same seed and clock give the same catalogue on either database.

export type PlannedLog = { username: string; quantity: number; at: string };
/** Capacity and price in the contract's units; the quantity is the log's sum, written with it. */
export type PlannedModel = {
  name: string;
  capacityKw: number | null;
  priceUsd: number;
  active: boolean;
  /** The low-stock threshold (docs/design.md §7.3); 0 for none. */
  minStock: number;
  createdAt: string;
  updatedAt: string;
  logs: PlannedLog[];
};
export type PlannedSeries = { name: string; active: boolean; models: PlannedModel[] };
export type PlannedBrand = { name: string; colour: string; series: PlannedSeries[] };

const DAY = 86_400_000;
const MIN_CENTS = 250_00;
const MAX_CENTS = 2500_00;

// Whole seconds read better in the log screen than the milliseconds of a real clock.
const isoDaysAgo = (now: Date, days: number) => new Date(Math.floor((now.getTime() - days * DAY) / 1000) * 1000).toISOString();

export function planCatalogue(random: Random, now: Date): PlannedBrand[] {
  const stockKeepers = USERS.filter((user) => user.active && user.roleId <= ROLE_MANAGER).map((user) => user.username);
  return BRANDS.map((brand) => ({
    name: brand.name,
    colour: brand.colour,
    series: brand.series.map((series) => ({
      name: series.name,
      active: !series.discontinued,
      models: planModels(random, now, brand, series, stockKeepers),
    })),
  }));
}

function planModels(random: Random, now: Date, brand: BrandDefinition, series: SeriesDefinition, stockKeepers: string[]): PlannedModel[] {
  // Every size × variant is a distinct name, so a series never repeats a model (the unique key).
  const combos = series.sizes.flatMap((sizeIndex) => brand.variants.map((variant) => ({ size: SIZES[sizeIndex]!, variant })));
  const chosen = random.shuffle(combos).slice(0, random.int(11, combos.length));
  chosen.sort((a, b) => a.size.kw - b.size.kw || a.variant.localeCompare(b.variant));

  return chosen.map(({ size, variant }, index) => {
    const createdAt = isoDaysAgo(now, random.int(95, 140) + random.next());
    // A discontinued series still lists its models, all inactive; elsewhere a few are retired.
    const active = !series.discontinued && !random.chance(0.08);
    const logs = planLogs(random, now, active, stockKeepers);
    return {
      name: brand.modelName(size, series, variant),
      // About one in eight was entered without a capacity.
      capacityKw: random.chance(1 / 8) ? null : size.kw,
      // Drawn in whole cents, so the price is exact to the cent.
      priceUsd: priceCents(random, size.kw * brand.usdPerKw) / 100,
      active,
      // Every fifth active model keeps a minimum stock (no random draw: the rest of the plan stays as
      // it was), so some run low and the dashboard and 'Low stock only' have something to show.
      minStock: active && index % 5 === 0 ? 20 + 10 * (index % 3) : 0,
      createdAt,
      updatedAt: logs.at(-1)?.at ?? createdAt,
      logs,
    };
  });
}

/** A list price near the brand's rate, in whole cents, kept within the demo's 250–2500 USD band. */
function priceCents(random: Random, baseUsd: number): number {
  const cents = Math.round(baseUsd * (0.85 + random.next() * 0.4) * 100);
  // Re-draw inside the band instead of clamping, so there is no pile of identical 2500.00 prices.
  if (cents > MAX_CENTS) return random.int(MAX_CENTS - 350_00, MAX_CENTS);
  if (cents < MIN_CENTS) return random.int(MIN_CENTS, MIN_CENTS + 80_00);
  return cents;
}

/** Most active models were restocked 1–4 times in the last 90 days; a few retired ones still hold old stock. */
function planLogs(random: Random, now: Date, active: boolean, stockKeepers: string[]): PlannedLog[] {
  if (!random.chance(active ? 0.8 : 0.3)) return [];
  const count = random.int(1, 4);
  const days = Array.from({ length: count }, () => random.next() * 90).sort((a, b) => b - a);
  return days.map((daysAgo) => ({
    username: random.pick(stockKeepers),
    quantity: random.chance(0.1) ? random.int(30, 60) : random.int(1, 24),
    at: isoDaysAgo(now, daysAgo),
  }));
}
