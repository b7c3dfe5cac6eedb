import { assertEveryCallMocked } from './define-call.ts';
import { auditCalls } from './handlers/audit.ts';
import { authCalls } from './handlers/auth.ts';
import { sessionCalls } from './handlers/sessions.ts';
import { eventCalls } from './handlers/events.ts';
import { twoFactorCalls } from './handlers/two-factor.ts';
import { passkeyCalls } from './handlers/passkeys.ts';
import { brandCalls } from './handlers/brands.ts';
import { bulkUpdateCalls } from './handlers/bulk-update.ts';
import { changeCalls } from './handlers/changes.ts';
import { dashboardCalls } from './handlers/dashboard.ts';
import { importCalls } from './handlers/import.ts';
import { modelCalls } from './handlers/models.ts';
import { quoteCalls } from './handlers/quotes.ts';
import { seriesCalls } from './handlers/series.ts';
import { settingsCalls } from './handlers/settings.ts';
import { stampCalls } from './handlers/stamps.ts';
import { stockCalls } from './handlers/stock.ts';
import { userCalls } from './handlers/users.ts';
import { variableCalls } from './handlers/variables.ts';
import { viewCalls } from './handlers/views.ts';

const mocked = [
  ...authCalls,
  ...twoFactorCalls,
  ...passkeyCalls,
  ...sessionCalls,
  ...eventCalls,
  ...dashboardCalls,
  ...variableCalls,
  ...modelCalls,
  ...importCalls,
  ...bulkUpdateCalls,
  ...stockCalls,
  ...seriesCalls,
  ...brandCalls,
  ...userCalls,
  ...auditCalls,
  ...settingsCalls,
  ...quoteCalls,
  ...stampCalls,
  ...changeCalls,
  ...viewCalls,
];

// Fails at import, like the server at start, when a call of the contract has no mock.
assertEveryCallMocked(mocked);

/** Every call of the contract at `/api/<name>` on any origin: POST answers as the server, other methods 405. */
export const handlers = mocked.flatMap((call) => call.handlers);
