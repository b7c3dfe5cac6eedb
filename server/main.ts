import './threadpool.ts';
import { buildApp } from './app.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { readConfig } from './config.ts';

/** Listens, and closes cleanly on SIGTERM/SIGINT: in-flight requests finish, the database closes. */
export async function main() {
  const config = readConfig();
  const { app, connection } = await buildApp(config);
  await bootstrapAdmin(connection, config.adminUsername, config.adminPassword, app.log);
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
}

if (import.meta.main) await main();
