import { parseArgs } from 'node:util';
import { connect, databaseKind } from '#server/db/connect.ts';
import { removeSqliteFiles } from './reset.ts';
import { DemoRefusedError, seedDemo, type SeedSummary } from './seed.ts';

// `npm run demo-data [-- --reset]`: fills a database of its own with demo data and prints how to
// start the app on it. Never the app's database by default (docs/design.md §2).

const DEFAULT_URL = 'sqlite:./data/demo.db';
const DEFAULT_PASSWORD = 'demo-pass-123';

const { values: flags } = parseArgs({ options: { reset: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
if (flags.help) {
  process.stdout.write(
    'Usage: npm run demo-data [-- --reset]\n' +
      `  DEMO_DATABASE_URL  target database (default ${DEFAULT_URL})\n` +
      `  DEMO_PASSWORD      password of every demo user (default ${DEFAULT_PASSWORD})\n` +
      '  --reset            replace the contents of a database that already has users\n',
  );
  process.exit(0);
}

const url = process.env.DEMO_DATABASE_URL || DEFAULT_URL;
const password = process.env.DEMO_PASSWORD || DEFAULT_PASSWORD;
const kind = databaseKind(url);

// On SQLite a reset starts from no file at all, so even a broken or foreign file is replaced.
if (flags.reset && kind === 'sqlite') removeSqliteFiles(url.slice('sqlite:'.length));

const started = performance.now();
const connection = connect(url);
try {
  const summary = await seedDemo(connection, { password, reset: flags.reset });
  process.stdout.write(report(summary, (performance.now() - started) / 1000));
} catch (error) {
  if (!(error instanceof DemoRefusedError)) throw error;
  console.error(`Nothing written to ${shownUrl(url)}: ${error.message}\n  npm run demo-data -- --reset`);
  process.exitCode = 1;
} finally {
  await connection.db.destroy();
}

/** The URL to print: a PostgreSQL password is masked, since terminals end up in logs and screenshots. */
function shownUrl(raw: string): string {
  if (kind === 'sqlite') return raw;
  const parsed = new URL(raw);
  if (parsed.password) parsed.password = '****';
  return parsed.toString();
}

function report({ counts, users }: SeedSummary, seconds: number): string {
  const start =
    kind === 'postgres' && new URL(url).password
      ? `DATABASE_URL='${shownUrl(url)}' npm start   (put the real password in place of ****)`
      : `DATABASE_URL=${url} npm start`;
  const width = Math.max(...users.map((user) => user.username.length));
  const userLines = users.map(
    (user) => `  ${user.username.padEnd(width)}  ${user.role.padEnd(7)}  ${user.name}${user.active ? '' : '  (inactive: cannot sign in)'}`,
  );
  return [
    `Demo data written to ${shownUrl(url)} in ${seconds.toFixed(1)} s:`,
    `  ${counts.brands} brands, ${counts.series} series, ${counts.images} images`,
    `  ${counts.models} models (${counts.inactiveModels} inactive, ${counts.modelsWithoutCapacity} without capacity)`,
    `  ${counts.stockLogs} stock moves, ${counts.unitsInStock} units in stock`,
    `  ${counts.quotes} quotes, every status for every salesperson`,
    `  ${users.length} users`,
    '',
    'Start the app on it:',
    `  ${start}`,
    '',
    `Sign in with any of these users, password "${password}":`,
    ...userLines,
    '',
  ].join('\n');
}
