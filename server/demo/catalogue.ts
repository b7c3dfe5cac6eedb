import { ROLE_ADMIN, ROLE_MANAGER, ROLE_SALES, type RoleId } from '#src/domain/roles.ts';

// The demo's fixed vocabulary: brands sold in the market the product was built for, their series,
// and how each brand spells a model name. Numbers (which models, prices, stock) come from plan.ts.

/** Nominal sizes: kW is tons × 3.517, to the thousandth as the capacity column keeps it. */
export const SIZES = [
  { tons: 0.75, kw: 2.638, btu: '09', metric: '25' },
  { tons: 1, kw: 3.517, btu: '12', metric: '35' },
  { tons: 1.5, kw: 5.275, btu: '18', metric: '50' },
  { tons: 2, kw: 7.034, btu: '24', metric: '60' },
  { tons: 2.5, kw: 8.792, btu: '30', metric: '71' },
  { tons: 3, kw: 10.551, btu: '36', metric: '80' },
  { tons: 4, kw: 14.068, btu: '48', metric: '100' },
] as const;

export type Size = (typeof SIZES)[number];

export type SeriesDefinition = {
  name: string;
  /** The series' part of a model name. */
  code: string;
  /** Indexes into SIZES this series comes in; split units stop at 2 tons, floor cabinets start there. */
  sizes: readonly number[];
  discontinued?: boolean;
};

export type BrandDefinition = {
  name: string;
  colour: string;
  /** Rough list price per kW in USD; premium brands cost more for the same capacity. */
  usdPerKw: number;
  variants: readonly string[];
  modelName: (size: Size, series: SeriesDefinition, variant: string) => string;
  series: readonly SeriesDefinition[];
};

const SPLIT = [0, 1, 2, 3];
const SPLIT_LARGE = [1, 2, 3, 4];
const FLOOR = [3, 4, 5, 6];

export const BRANDS: readonly BrandDefinition[] = [
  {
    name: 'Gree',
    colour: '#1f6fb2',
    usdPerKw: 140,
    variants: ['1', '2', '3', '5'],
    modelName: (size, series, variant) => `GS-${size.btu}${series.code}${variant}W`,
    series: [
      { name: 'Fairy', code: 'FITH', sizes: SPLIT },
      { name: 'Pular', code: 'PITH', sizes: SPLIT_LARGE },
      { name: 'Lomo', code: 'LMH', sizes: SPLIT, discontinued: true },
      { name: 'T-Fresh Floor', code: 'FSTH', sizes: FLOOR },
    ],
  },
  {
    name: 'Haier',
    colour: '#005baa',
    usdPerKw: 120,
    variants: ['CA', 'CB', 'DW', 'DS'],
    modelName: (size, series, variant) => `HSU-${size.btu}${series.code}${variant}`,
    series: [
      { name: 'Thunder', code: 'HFT', sizes: SPLIT },
      { name: 'Pearl', code: 'HFP', sizes: SPLIT },
      { name: 'Clean Cool', code: 'HCC', sizes: SPLIT_LARGE },
      { name: 'Marvel Cabinet', code: 'HFM', sizes: FLOOR },
    ],
  },
  {
    name: 'Dawlance',
    colour: '#c8102e',
    usdPerKw: 110,
    variants: ['INV', 'INV-X', 'PLUS', 'ECO'],
    modelName: (size, series, variant) => `${series.code}-${size.btu}-${variant}`,
    series: [
      { name: 'Elegance', code: 'ELG', sizes: SPLIT },
      { name: 'Sprinter', code: 'SPR', sizes: SPLIT },
      { name: 'Chrome Pro', code: 'CHP', sizes: SPLIT_LARGE },
      { name: 'Powercon', code: 'PWC', sizes: SPLIT, discontinued: true },
    ],
  },
  {
    name: 'Orient',
    colour: '#e87722',
    usdPerKw: 105,
    variants: ['G3', 'G5', 'K', 'KS'],
    modelName: (size, series, variant) => `OR-${size.btu}${series.code}${variant}`,
    series: [
      { name: 'Ultron', code: 'UL', sizes: SPLIT },
      { name: 'Galaxy', code: 'GX', sizes: SPLIT_LARGE },
      { name: 'Iconic', code: 'IC', sizes: SPLIT },
    ],
  },
  {
    name: 'Kenwood',
    colour: '#2e2d88',
    usdPerKw: 115,
    variants: ['35S', '49S', '55S', '60S'],
    modelName: (size, series, variant) => `${series.code}-${size.btu}${variant}`,
    series: [
      { name: 'eSmart', code: 'KES', sizes: SPLIT },
      { name: 'eCool', code: 'KEC', sizes: SPLIT },
      { name: 'eSpire Floor', code: 'KEF', sizes: FLOOR },
    ],
  },
  {
    name: 'PEL',
    colour: '#00843d',
    usdPerKw: 100,
    variants: ['K1', 'K2', 'W', 'WX'],
    modelName: (size, series, variant) => `P${series.code}-${size.btu}${variant}`,
    series: [
      { name: 'InverterOn', code: 'INV', sizes: SPLIT },
      { name: 'Invert-O-Matic', code: 'IOM', sizes: SPLIT_LARGE },
      { name: 'Glam', code: 'GLM', sizes: SPLIT },
    ],
  },
  {
    name: 'Mitsubishi Electric',
    colour: '#d71920',
    usdPerKw: 190,
    variants: ['VF', 'VG', 'VGK', 'VFT'],
    modelName: (size, series, variant) => `${series.code}${size.metric}${variant}`,
    series: [
      { name: 'MSZ-HR', code: 'MSZ-HR', sizes: SPLIT },
      { name: 'MSZ-LN Kirigamine', code: 'MSZ-LN', sizes: SPLIT },
      { name: 'MSY-GN', code: 'MSY-GN', sizes: SPLIT_LARGE },
      { name: 'PSA-RP Floor', code: 'PSA-RP', sizes: FLOOR },
    ],
  },
  {
    name: 'TCL',
    colour: '#e4002b',
    usdPerKw: 105,
    variants: ['T3', 'HEA', 'CSD', 'PRO'],
    modelName: (size, series, variant) => `TAC-${size.btu}${series.code}-${variant}`,
    series: [
      { name: 'Elite', code: 'ELI', sizes: SPLIT },
      { name: 'Ocarina', code: 'OCA', sizes: SPLIT },
      { name: 'FreshIN', code: 'FIN', sizes: SPLIT_LARGE },
    ],
  },
];

export type UserDefinition = { name: string; username: string; roleId: RoleId; active: boolean };

// The plain role names (admin, manager, sales) come first so the printed hint has easy ones.
export const USERS: readonly UserDefinition[] = [
  { name: 'Administrator', username: 'admin', roleId: ROLE_ADMIN, active: true },
  { name: 'Amir Qureshi', username: 'amir.admin', roleId: ROLE_ADMIN, active: true },
  { name: 'Store Manager', username: 'manager', roleId: ROLE_MANAGER, active: true },
  { name: 'Maria Haider', username: 'maria.manager', roleId: ROLE_MANAGER, active: true },
  { name: 'Bilal Ahmed', username: 'bilal.manager', roleId: ROLE_MANAGER, active: true },
  { name: 'Sales Desk', username: 'sales', roleId: ROLE_SALES, active: true },
  { name: 'Sara Khan', username: 'sara.sales', roleId: ROLE_SALES, active: true },
  { name: 'Omar Farooq', username: 'omar.sales', roleId: ROLE_SALES, active: true },
  { name: 'Ayesha Malik', username: 'ayesha.sales', roleId: ROLE_SALES, active: true },
  // One former employee, so the users list shows an inactive row and sign-in refusal can be tried.
  { name: 'Hamza Iqbal', username: 'hamza.sales', roleId: ROLE_SALES, active: false },
];

/** Believable pricing inputs: 1 TR = 3.517 kW, PKR per USD, and the fare/duties/profit rates. */
export const VARIABLES = { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' };

/**
 * How the rate came to VARIABLES.exch over the last months, by whom and how many days ago, so the
 * Pricing History chart and the dashboard's sparkline have a line to draw. Starts at VARIABLES'
 * rate as the demo first wrote it (`from`).
 */
export const EXCH_HISTORY = {
  from: '276.40',
  steps: [
    { exch: '278.95', username: 'manager', daysAgo: 118 },
    { exch: '283.10', username: 'maria.manager', daysAgo: 84 },
    { exch: '279.80', username: 'manager', daysAgo: 51 },
    { exch: '282.35', username: 'bilal.manager', daysAgo: 23 },
    { exch: VARIABLES.exch, username: 'manager', daysAgo: 6 },
  ],
} as const;
