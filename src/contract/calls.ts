import type { z } from 'zod/mini';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import * as brands from './brands.ts';
import * as bulkUpdate from './bulk-update.ts';
import * as changes from './changes.ts';
import { emptyRequest, writeResponse } from './common.ts';
import { firstScreenAnswers } from './first-screen-answers.ts';
import * as events from './events.ts';
import * as imports from './import.ts';
import * as models from './models.ts';
import * as passkeys from './passkeys.ts';
import * as quotes from './quotes.ts';
import * as series from './series.ts';
import * as settings from './settings.ts';
import * as sessions from './sessions.ts';
import * as stamps from './stamps.ts';
import * as twoFactor from './two-factor.ts';
import * as users from './users.ts';
import * as variables from './variables.ts';
import * as views from './views.ts';

/**
 * Every call of the API: its body, its 200 answer, and how the body travels. The access table in
 * src/domain is keyed by these names, so a call without a declared access level cannot type-check.
 * `errorKeys` renames fields in 422 answers where the screens expect another name.
 */
export type CallSpec = {
  body: z.ZodMiniType;
  /** A zod/mini schema, as every schema of the contract is. */
  response: z.ZodMiniType;
  multipart?: true;
  /** The 200 answer is a CSV download (its response schema is the text), not JSON. */
  csv?: true;
  /** The 200 answer is a PDF download (quotes/pdf), not JSON. */
  pdf?: true;
  /** A multipart call's own file limit, instead of the server's UPLOAD_MAX_BYTES for images. */
  maxFileBytes?: number;
  errorKeys?: Record<string, string>;
};

export const calls = {
  'auth/login': { body: auth.loginRequest, response: auth.loginResponse },
  me: { body: emptyRequest, response: auth.meResponse },
  dashboard: { body: emptyRequest, response: firstScreenAnswers.dashboard },
  'auth/logout': { body: emptyRequest, response: writeResponse },
  'auth/change-password': { body: auth.changePasswordRequest, response: writeResponse },
  'auth/login-2fa': { body: twoFactor.login2faRequest, response: auth.tokenResponse },
  'auth/2fa/status': { body: emptyRequest, response: twoFactor.statusResponse },
  'auth/2fa/setup': { body: emptyRequest, response: twoFactor.setupResponse },
  'auth/2fa/enable': { body: twoFactor.enableRequest, response: twoFactor.enableResponse },
  'auth/2fa/disable': { body: twoFactor.disableRequest, response: writeResponse },
  'auth/passkeys': { body: emptyRequest, response: passkeys.passkeysResponse },
  'auth/passkeys/register-options': { body: emptyRequest, response: passkeys.registerOptionsResponse },
  'auth/passkeys/register': { body: passkeys.registerRequest, response: writeResponse },
  'auth/passkeys/delete': { body: passkeys.deletePasskeyRequest, response: writeResponse },
  'auth/passkeys/login-options': { body: passkeys.loginOptionsRequest, response: passkeys.loginOptionsResponse },
  'auth/passkeys/login': { body: passkeys.loginRequest, response: auth.tokenResponse },
  'auth/sessions': { body: emptyRequest, response: sessions.sessionsResponse },
  'auth/sessions/revoke': { body: sessions.revokeSessionRequest, response: writeResponse },
  'auth/sessions/revoke-others': { body: emptyRequest, response: writeResponse },

  variables: { body: emptyRequest, response: variables.variablesResponse },
  'variables/update-variables': { body: variables.updateVariablesRequest, response: writeResponse },
  'variables/update-exch': {
    body: variables.updateExchRequest,
    response: variables.updateExchResponse,
    errorKeys: { exch: 'newExch' },
  },
  'variables/history': { body: variables.variableHistoryRequest, response: variables.variableHistoryResponse },

  models: { body: models.modelsRequest, response: models.modelsResponse },
  'models/filter-options': { body: emptyRequest, response: models.filterOptionsResponse },
  'models/export': { body: models.modelsExportRequest, response: models.modelsExportResponse, csv: true },
  'models/model-logs': { body: models.modelLogsRequest, response: models.modelLogsResponse },
  'models/get-model': { body: models.getModelRequest, response: models.getModelResponse },
  'models/get-all-models': { body: emptyRequest, response: models.allModelsResponse },
  'models/add-stock': { body: models.stockMoveRequest, response: writeResponse },
  'models/remove-stock': { body: models.stockMoveRequest, response: writeResponse },
  'models/add-model': { body: models.addModelRequest, response: writeResponse },
  'models/update-model': { body: models.updateModelRequest, response: writeResponse },
  'models/import-preview': {
    body: imports.importRequest,
    response: imports.importPreviewResponse,
    multipart: true,
    maxFileBytes: imports.IMPORT_MAX_BYTES,
  },
  'models/import': { body: imports.importRequest, response: writeResponse, multipart: true, maxFileBytes: imports.IMPORT_MAX_BYTES },
  'models/bulk-update': { body: bulkUpdate.bulkUpdateRequest, response: bulkUpdate.bulkUpdateResponse },

  series: { body: series.seriesListRequest, response: series.seriesListResponse },
  'series/get-series': { body: series.getSeriesRequest, response: series.getSeriesResponse },
  'series/get-all-series': { body: emptyRequest, response: series.allSeriesResponse },
  'series/get-series-by-brand': { body: series.seriesByBrandRequest, response: series.seriesByBrandResponse },
  'series/add-series': { body: series.addSeriesRequest, response: writeResponse, multipart: true },
  'series/update-series': { body: series.updateSeriesRequest, response: writeResponse, multipart: true },

  brands: { body: brands.brandsRequest, response: brands.brandsResponse },
  'brands/get-brand': { body: brands.getBrandRequest, response: brands.getBrandResponse },
  'brands/get-all-brands': { body: emptyRequest, response: brands.allBrandsResponse },
  'brands/add-brand': { body: brands.addBrandRequest, response: writeResponse, multipart: true },
  'brands/update-brand': { body: brands.updateBrandRequest, response: writeResponse, multipart: true },

  users: { body: users.usersRequest, response: users.usersResponse },
  'users/get-user': { body: users.getUserRequest, response: users.getUserResponse },
  'users/add-user': { body: users.addUserRequest, response: writeResponse },
  'users/update-user': { body: users.updateUserRequest, response: writeResponse },
  'users/reset-2fa': { body: users.getUserRequest, response: writeResponse },

  audit: { body: audit.auditRequest, response: audit.auditResponse },

  settings: { body: emptyRequest, response: settings.settingsResponse },
  'settings/update': { body: settings.updateSettingsRequest, response: writeResponse },

  quotes: { body: quotes.quotesRequest, response: quotes.quotesResponse },
  'quotes/get': { body: quotes.getQuoteRequest, response: quotes.quoteResponse },
  'quotes/create': { body: quotes.createQuoteRequest, response: quotes.createdQuoteResponse },
  'quotes/update': { body: quotes.updateQuoteRequest, response: writeResponse },
  'quotes/send': { body: quotes.quoteActionRequest, response: quotes.sentQuoteResponse },
  'quotes/revise': { body: quotes.reviseQuoteRequest, response: quotes.createdQuoteResponse },
  'quotes/win': { body: quotes.winQuoteRequest, response: writeResponse },
  'quotes/lose': { body: quotes.loseQuoteRequest, response: writeResponse },
  'quotes/cancel': { body: quotes.quoteActionRequest, response: writeResponse },
  'quotes/pdf': { body: quotes.getQuoteRequest, response: quotes.quotePdfResponse, pdf: true },

  'stamps/create': { body: stamps.createStampRequest, response: stamps.createStampResponse },
  'changes/since': { body: changes.changesRequest, response: firstScreenAnswers['changes/since'] },
  'changes/seen': { body: changes.changesRequest, response: writeResponse },

  views: { body: views.viewsRequest, response: views.viewsResponse },
  'views/save': { body: views.saveViewRequest, response: writeResponse },
  'views/delete': { body: views.deleteViewRequest, response: writeResponse },
  'events/ticket': { body: events.ticketRequest, response: firstScreenAnswers['events/ticket'] },
} as const satisfies Record<string, CallSpec>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** The calls that answer one page of a list (`tableData`, src/domain/paging.ts). */
export type PagedCallName = { [N in CallName]: CallReply<N> extends { tableData: object } ? N : never }[CallName];
export type CallBody<N extends CallName> = z.output<Calls[N]['body']>;
/** What a handler answers (before serialisation). */
export type CallResponse<N extends CallName> = z.input<Calls[N]['response']>;
/** What a client reads (after parsing with the schema). */
export type CallReply<N extends CallName> = z.output<Calls[N]['response']>;

export const callPath = (name: CallName) => `/api/${name}`;
