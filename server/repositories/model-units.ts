// Prices and capacities are kept as whole cents and thousandths of a kW; the wire carries
// decimals. Dividing a whole number by 100 or 1000 gives the nearest double to the decimal,
// which JSON prints back exactly as the decimal.
export const centsFromUsd = (usd: number) => Math.round(usd * 100);
export const milliFromKw = (kw: number | null) => (kw === null ? null : Math.round(kw * 1000));
export const usdFromCents = (cents: number) => Number(cents) / 100;
export const kwFromMilli = (milli: number | null) => (milli === null ? null : Number(milli) / 1000);
