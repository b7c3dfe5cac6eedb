import './threadpool.ts';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readConfig } from './config.ts';
import { main } from './main.ts';

// `npm start` on a fresh clone: build the app once if it is missing, then serve it.
const { appDir } = readConfig();
if (!existsSync(`${appDir}/index.html`)) {
  process.stdout.write('Building the app (first start)...\n');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await main();
