import type { Generated } from 'kysely';

// Column types as both databases hand them back (pg's int8 is parsed to number in connect.ts).
// Timestamps are ISO 8601 UTC text: portable, and they sort as they compare.
// `*_key` columns hold the name's key (src/domain/names.ts: NFKC, lower-cased), so uniqueness and
// search are case-insensitive in the same way on SQLite and PostgreSQL; `username_skeleton`,
// `name_skeleton` and `name_caps_skeleton` digests of the name's look-alike skeletons
// (server/repositories/unique.ts), unique too (a brand's, series' or model's within its parent).
// `version` is raised by every update of a record an edit screen shows (repositories/versions.ts).

export type UsersTable = {
  id: Generated<number>;
  name: string;
  name_key: string;
  username: string;
  username_key: string;
  username_skeleton: string;
  password_hash: string;
  role_id: number;
  is_active: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
  /** The TOTP secret, sealed (server/auth/sealing.ts); set at set-up, in use once `two_factor_on` is 1. */
  two_factor_secret: string | null;
  two_factor_on: Generated<number>;
  /** The last TOTP time step a code was accepted for: no code of it or before is taken again. */
  two_factor_last_step: number | null;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The sign-in's User-Agent, cut to 512 characters: the device a session list shows. */
  user_agent: string | null;
  /** Raised by the session check at most once a minute (repositories/sessions.ts). */
  last_seen_at: string | null;
};

/** A recovery code of two-factor sign-in: its SHA-256 (the code is 50 random bits), good once. */
export type RecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
};

/** The second step of a sign-in with two-factor on: the ticket's SHA-256, good until it expires or succeeds. */
export type MfaTicketsTable = {
  ticket_hash: string;
  user_id: number;
  expires_at: string;
};

/** A user's WebAuthn credential (docs/design.md §8.5): id and COSE public key in base64url. */
export type PasskeysTable = {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter at the last sign-in: a lower one is a cloned key. */
  counter: Generated<number>;
  /** The transports the browser named at registration, comma-separated. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

/** A ceremony's challenge: its SHA-256, good once until it expires; `user_id` the user it is for, if named. */
export type PasskeyChallengesTable = {
  challenge_hash: string;
  purpose: 'register' | 'login';
  user_id: number | null;
  expires_at: string;
};

/** The login throttle's count per key (src/domain/login-throttle.ts). */
export type LoginAttemptsTable = {
  key: string;
  attempts: number;
  window_start_ms: number;
};

export type BrandsTable = {
  id: Generated<number>;
  name: string;
  name_key: string;
  name_skeleton: string;
  name_caps_skeleton: string;
  image_path: string;
  is_active: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
};

export type SeriesTable = {
  id: Generated<number>;
  brand_id: number;
  name: string;
  name_key: string;
  name_skeleton: string;
  name_caps_skeleton: string;
  image_path: string;
  is_active: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
};

/** Money and capacity are whole numbers of cents and thousandths of a kW: exact in both databases. */
export type ModelsTable = {
  id: Generated<number>;
  series_id: number;
  name: string;
  name_key: string;
  name_skeleton: string;
  name_caps_skeleton: string;
  capacity_milli_kw: number | null;
  price_cents: number;
  quantity: Generated<number>;
  /** Low-stock threshold; 0 is none. */
  min_stock: Generated<number>;
  is_active: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
};

export type StockLogsTable = {
  id: Generated<number>;
  model_id: number;
  user_id: number;
  quantity: number;
  quantity_type: number;
  note: Generated<string | null>;
  created_at: string;
};

/** One row (id 1); the values are the decimal text as entered. */
export type VariablesTable = {
  id: number;
  tr: string;
  exch: string;
  fare: string;
  duties: string;
  profit: string;
  updated_at: string;
  version: Generated<number>;
};

/** One change of one pricing variable: the stored text before and after, who, when. */
export type VariableHistoryTable = {
  id: Generated<number>;
  variable: string;
  old_value: string;
  new_value: string;
  user_id: number;
  created_at: string;
};

/** The business's settings: one row, id 1 (docs/design.md §8). */
export type SettingsTable = {
  id: number;
  company_name: string;
  company_address: string;
  company_phone: string;
  quote_terms: string;
  two_factor_required_level: number;
  updated_at: string;
  version: Generated<number>;
};

export type ImagesTable = {
  sha256: string;
  ext: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
};

/** One entry of the audit log; `changes` is JSON text (src/contract/audit.ts). */
export type AuditLogTable = {
  id: Generated<number>;
  user_id: number;
  user_name: string;
  action: string;
  entity_type: string;
  entity_id: number | null;
  entity_name: string;
  changes: string;
  created_at: string;
  /** The write (transaction) the entry belongs to; null before live updates kept it. */
  write_id: string | null;
};

/** A ticket for one live-updates stream (docs/design.md §8.3): single use, bound to its session. */
export type EventTicketsTable = {
  token_hash: string;
  session_id: number;
  last_event_id: number | null;
  expires_at: string;
};

/**
 * A quote (docs/design.md §8.1): the variables, EXCH's set time and the grand total are null while
 * it follows today's variables; the share token is kept hashed and sealed, never as sent.
 */
export type QuotesTable = {
  id: Generated<number>;
  number: string;
  revision: number;
  /** The label's name key ('q-2026-0042-r2'): the list's search. */
  label_key: string;
  status: string;
  customer_name: string;
  customer_name_key: string;
  customer_phone: string | null;
  note: string;
  valid_until: string;
  created_by: number;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  decided_at: string | null;
  lost_reason: string | null;
  lost_note: string | null;
  version: Generated<number>;
  tr: string | null;
  exch: string | null;
  fare: string | null;
  duties: string | null;
  profit: string | null;
  exch_set_at: string | null;
  grand_total: number | null;
  share_token_hash: string | null;
  share_token_sealed: string | null;
};

/** A quote's line; the names, capacity and figures are null until the quote is sent. */
export type QuoteLinesTable = {
  id: Generated<number>;
  quote_id: number;
  line_no: number;
  model_id: number;
  qty: number;
  discount_per_unit: number;
  brand_name: string | null;
  series_name: string | null;
  model_name: string | null;
  capacity_milli_kw: number | null;
  unit_total: number | null;
  line_total: number | null;
};

/** The last quote number handed out in each business year. */
export type QuoteSequencesTable = { year: number; last: number };

/** Keys the servers of one database share (the share links' sealing key). */
export type ServerKeysTable = { name: string; value: string };

/** SQLite's import lock: at most one row, id 1, while an import runs (server/repositories/import-lock.ts). No such table on PostgreSQL. */
export type ImportLockTable = {
  id: number;
  token: string;
  host: string;
  pid: number;
  expires_at_ms: number;
};

/**
 * A price sheet's stamp (docs/design.md §8.2): the variables in force, as stored text, and its
 * models as one JSON text (src/domain/price-stamps.ts, encodeStampedModels).
 */
export type StampsTable = {
  id: Generated<number>;
  ref: string;
  user_id: number;
  created_at: string;
  tr: string;
  exch: string;
  fare: string;
  duties: string;
  profit: string;
  models: string;
  model_count: number;
};

/** When a user last marked a screen seen (docs/design.md §8.2: since your last visit). */
export type SeenMarksTable = { user_id: number; screen: string; seen_at: string };

/** A user's saved view of a screen (docs/design.md §8.4); `columns` is JSON text, null for the screen's own. */
export type SavedViewsTable = {
  id: Generated<number>;
  user_id: number;
  screen: string;
  name: string;
  name_key: string;
  search: string;
  columns: string | null;
  shared: number;
  is_default: number;
  created_at: string;
  updated_at: string;
};

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  brands: BrandsTable;
  series: SeriesTable;
  models: ModelsTable;
  stock_logs: StockLogsTable;
  variables: VariablesTable;
  variable_history: VariableHistoryTable;
  settings: SettingsTable;
  images: ImagesTable;
  audit_log: AuditLogTable;
  event_tickets: EventTicketsTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  quote_sequences: QuoteSequencesTable;
  server_keys: ServerKeysTable;
  import_lock: ImportLockTable;
  stamps: StampsTable;
  seen_marks: SeenMarksTable;
  saved_views: SavedViewsTable;
  recovery_codes: RecoveryCodesTable;
  mfa_tickets: MfaTicketsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
};
