import { createServer, type IncomingMessage } from 'node:http';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { createQueryId, type CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { connect, databaseKind } from '#server/db/connect.ts';
import { listModels } from '#server/repositories/models-list.ts';
import { readVariables } from '#server/repositories/variables.ts';
import { modelRowShape } from '#src/domain/model-figures.ts';
import { ROLE_ADMIN } from '#src/domain/roles.ts';

// The API baseline, forked by the bench: a bare node:http server that runs the very SQL the
// server's list runs (captured from Kysely, prepared once) and answers JSON.stringify of the rows.
// No framework, no auth, no validation: what the hardware and the database give.

type Queries = { count: CompiledQuery; page: CompiledQuery };
type Runner = (query: CompiledQuery, name: string) => Promise<unknown[]>;

/** The count and page statements the server compiles for a first page of `perPage` rows. */
async function capture(databaseUrl: string, perPage: number): Promise<Queries> {
  const { db } = connect(databaseUrl);
  const nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const readRows = async (query: CompiledQuery) =>
    (await db.executeQuery<Record<string, unknown>>(query)).rows.map((row) => Object.values(row));
  const slices = async function* (query: CompiledQuery) {
    yield await readRows(query);
  };
  // The bench signs in as an admin, who receives every column.
  const shape = modelRowShape({ roleId: ROLE_ADMIN, isAdmin: 1 }, await readVariables(db));
  await listModels(
    { db: db.withPlugin(plugin), readRows: Object.assign(readRows, { slices }) },
    { filters: {}, scope: { sellableOnly: false } },
    { page: 1, per_page: perPage },
    shape,
  );
  const [count, page] = nodes.map((node) => db.getExecutor().compileQuery(node, createQueryId()));
  await db.destroy();
  if (!count || !page) throw new Error('the list did not run a count and a page');
  return { count, page };
}

function runner(databaseUrl: string): Runner {
  if (databaseKind(databaseUrl) === 'postgres') {
    const pool = new pg.Pool({ connectionString: databaseUrl });
    return async (query, name) => (await pool.query({ name, text: query.sql, values: [...query.parameters] })).rows;
  }
  const database = new DatabaseSync(databaseUrl.slice('sqlite:'.length), { readOnly: true });
  const prepared = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  return async (query, name) => {
    let statement = prepared.get(name);
    if (!statement) prepared.set(name, (statement = database.prepare(query.sql)));
    return statement.all(...(query.parameters as SQLInputValue[]));
  };
}

async function perPageOf(request: IncomingMessage): Promise<number> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return Number((JSON.parse(text) as { per_page: number }).per_page);
}

const [databaseUrl, ...sizes] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: baseline-server.ts DATABASE_URL PER_PAGE...');
const queries = new Map<number, Queries>();
for (const size of sizes.map(Number)) queries.set(size, await capture(databaseUrl, size));
const run = runner(databaseUrl);

const server = createServer(async (request, response) => {
  const size = await perPageOf(request);
  const statements = queries.get(size);
  if (!statements) return response.writeHead(404).end();
  const [count] = await run(statements.count, `count-${size}`);
  const rows = await run(statements.page, `page-${size}`);
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tableData: { data: rows, total: count } }));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.(typeof address === 'object' && address ? address.port : 0);
});
process.on('SIGTERM', () => process.exit(0));
