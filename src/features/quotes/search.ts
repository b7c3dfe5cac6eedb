// The Quotes list's URL is the domain's (src/domain/list-searches.ts), which views/save checks too.
export { quotesSearchSchema, type QuotesSearch } from '#src/domain/list-searches.ts';
