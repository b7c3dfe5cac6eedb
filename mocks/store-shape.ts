import type { StoredView } from '#src/domain/views.ts';
import type { AuditEntry } from '#src/contract/audit.ts';
import type { ChangeScreen } from '#src/contract/changes.ts';
import type { LostReason, StoredQuoteStatus } from '#src/contract/quotes.ts';
import type { Settings } from '#src/contract/settings.ts';
import type { VariableName, Variables } from '#src/contract/variables.ts';
import type { AttemptCount } from '#src/domain/login-throttle.ts';

// Plain, JSON-ready data (no Maps, no classes), so the browser worker can keep a copy across
// page reloads and tests can hand in a seed of their own.

export type Flag = 0 | 1;

// Records start at version 1 and count their updates, as the server's `version` columns do
// (server/repositories/versions.ts); seeds may leave it out.
export type Versioned = { version?: number };

/** Passwords are kept in clear: these are mocks, never a real user's secret. */
export type MockUser = {
  id: number;
  name: string;
  username: string;
  password: string;
  roleId: number;
  isActive: Flag;
  twoFactor?: MockTwoFactor;
} & Versioned;
/**
 * Two-factor sign-in, in clear as the passwords: the secret (`on` once a code confirmed it), the
 * last time step a code was taken for, and the recovery codes not used yet, by their key.
 */
export type MockTwoFactor = { secret: string; on: boolean; lastStep: number | null; recoveryCodes: string[] };
export type MockSession = { id: number; userId: number; createdAt: string; lastSeenAt: string; expiresAt: string; device: string };
/** A passkey: the credential's id the browser names; no public key, as the mocks check no signature. */
export type MockPasskey = { id: number; userId: number; credentialId: string; name: string; createdAt: string; lastUsedAt: string | null };
/** A passkey ceremony's challenge, keyed by the challenge itself, good once. */
export type MockPasskeyChallenge = { purpose: 'register' | 'login'; userId: number | null; expiresAt: string };
/** The second step of a sign-in, keyed by the ticket itself. */
export type MockMfaTicket = { userId: number; expiresAt: string };

/** A live updates ticket (docs/design.md §8.3): single use, bound to the session that asked for it. */
export type MockEventTicket = { sessionToken: string; expiresAt: string; lastEventId?: number | undefined };
/** `image` is a data: URL, so the app can show it with no server behind it. */
export type MockBrand = { id: number; name: string; image: string; isActive: Flag } & Versioned;
export type MockSeries = { id: number; brandId: number; name: string; image: string; isActive: Flag } & Versioned;
export type MockModel = {
  id: number;
  seriesId: number;
  name: string;
  capacityKw: number | null;
  priceUsd: number;
  quantity: number;
  /** Low-stock threshold; missing or 0 is none. */
  minStock?: number;
  isActive: Flag;
} & Versioned;
/** quantityType as in src/domain/stock.ts; a model's quantity is the signed sum of its logs. */
export type MockStockLog = {
  id: number;
  modelId: number;
  userId: number;
  quantity: number;
  quantityType: number;
  createdAt: string;
  note?: string | null;
};

/** One change of one pricing variable (docs/design.md §7.2), as the server's variable_history rows. */
export type MockVariableChange = {
  id: number;
  variable: VariableName;
  oldValue: string;
  newValue: string;
  userId: number;
  createdAt: string;
};

/** A line's names and figures as sending fixed them (docs/design.md §8.1); a draft's are worked out at every read. */
export type MockFixedLine = {
  brandName: string;
  seriesName: string;
  modelName: string;
  modelCapacityKW: number | null;
  unitTotal: number;
  lineTotal: number;
};
export type MockQuoteLine = { modelId: number; qty: number; discountPerUnit: number; fixed?: MockFixedLine };
/** The variables a quote is priced at when not today's (sent, or a revision that kept its rate), and when that EXCH was set. */
export type MockQuoteRate = { variables: Variables; setAt: string | null };
export type MockQuote = {
  id: number;
  number: string;
  revision: number;
  status: StoredQuoteStatus;
  customerName: string;
  customerPhone: string | null;
  note: string;
  validUntil: string;
  createdBy: number;
  createdAt: string;
  sentAt: string | null;
  decidedAt: string | null;
  lostReason: LostReason | null;
  lostNote: string | null;
  rate: MockQuoteRate | null;
  lines: MockQuoteLine[];
  /** The share link's token, once sent (the server keeps it hashed; mocks need no hashing). */
  shareToken: string | null;
} & Versioned;

/**
 * A printed sheet's stamp (docs/design.md §8.2), as the server's row: who, when, the variables in
 * force, and its models in one text (src/domain/price-stamps.ts encodeStampedModels).
 */
export type MockStamp = { id: number; ref: string; userId: number; createdAt: string; variables: Variables; models: string };

/** When a user last marked a screen's changes seen (docs/design.md §8.2). */
export type MockSeenMark = { userId: number; screen: ChangeScreen; seenAt: string };

/** An entry as written: the names of the records it holds ids of are looked up when it is read. */
export type StoredAuditEntry = Omit<AuditEntry, 'names'>;

/** A saved view (docs/design.md §8.4); its owner's name is read from users, as the server joins it. */
export type MockView = Omit<StoredView, 'ownerName'>;

export type MockStore = {
  users: MockUser[];
  /** Keyed by the bearer token itself: mocks need no hashing. */
  sessions: Record<string, MockSession>;
  brands: MockBrand[];
  series: MockSeries[];
  models: MockModel[];
  stockLogs: MockStockLog[];
  /** The audit log, entries as the `audit` call answers them but their `names`, looked up when read; only appended to. */
  auditLog: StoredAuditEntry[];
  /** The five share one version. */
  variables: Variables & Versioned;
  variableHistory: MockVariableChange[];
  /** The business's settings: one record, as the server's settings row. */
  settings: Settings & Versioned;
  quotes: MockQuote[];
  stamps: MockStamp[];
  seenMarks: MockSeenMark[];
  views: MockView[];
  /** The login throttle's count of attempts per username. */
  loginAttempts: Record<string, AttemptCount>;
  mfaTickets: Record<string, MockMfaTicket>;
  passkeys: MockPasskey[];
  passkeyChallenges: Record<string, MockPasskeyChallenge>;
  eventTickets: Record<string, MockEventTicket>;
};

export type Seed = Partial<MockStore>;

/** A model with its series and brand, as the list joins them. */
export type CatalogueRow = { model: MockModel; series: MockSeries; brand: MockBrand };
