import { escapeHtml, htmlPage } from './html-page.ts';

// The public page of a price sheet's stamp (`GET /v/:ref`, docs/design.md §8.2): the one sentence
// of whether its prices still hold, and nothing else (no name, price or count), so a link passed
// around tells a stranger no more than that.

/** The page of one sentence, its title too. */
export const renderStampPage = (sentence: string) => htmlPage(sentence, `<h1>${escapeHtml(sentence)}</h1>`);
