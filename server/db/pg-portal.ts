import pg from 'pg';
import { SLICE_ROWS } from './slices.ts';

/**
 * A query whose portal is executed SLICE_ROWS rows at a time, the next slice asked of PostgreSQL
 * only when the one before is taken: pg's own `rows` asks for the next at once, so a reader slower
 * than the network would have the whole result pile up in memory. `take` answers the slices in
 * order, then `undefined`; `end` closes the portal early (a Sync ends its implicit transaction).
 */
export class PortalQuery extends pg.Query<unknown[]> {
  #filling: unknown[][] = [];
  #ready: unknown[][][] = [];
  /** Set while the portal is suspended and no slice is being fetched. */
  #suspended: pg.Connection | undefined;
  #ended = false;
  #failure: Error | undefined;
  #wake: (() => void) | undefined;

  constructor(config: pg.QueryArrayConfig) {
    super({ ...config, rows: SLICE_ROWS } as pg.QueryConfig);
    this.on('row', (row: unknown[]) => this.#filling.push(row));
    this.on('end', () => this.#settle(() => (this.#ended = true)));
    this.on('error', (error: Error) => this.#settle(() => (this.#failure = error)));
  }

  /** pg calls this when a slice has arrived and the portal waits for the next Execute. */
  handlePortalSuspended(connection: pg.Connection) {
    this.#suspended = connection;
    this.#settle(() => {});
  }

  /** The next slice of rows, the one after it asked for meanwhile; `undefined` after the last. */
  async take(): Promise<unknown[][] | undefined> {
    for (;;) {
      if (this.#failure) throw this.#failure;
      const slice = this.#ready.shift();
      if (slice) {
        this.#fetch();
        return slice;
      }
      if (this.#ended) return undefined;
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  /** Closes the portal if rows are left in it, once any slice on its way has come. */
  async end(): Promise<void> {
    while (!this.#ended && !this.#failure) {
      const connection = this.#suspended;
      this.#suspended = undefined;
      connection?.sync();
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  #fetch() {
    const connection = this.#suspended;
    this.#suspended = undefined;
    if (!connection) return;
    // pg's types have `rows` a string; pg itself sends the number its Query was given.
    connection.execute({ portal: '', rows: SLICE_ROWS as unknown as string }, true);
    connection.flush();
  }

  #settle(change: () => void) {
    if (this.#filling.length > 0) {
      this.#ready.push(this.#filling);
      this.#filling = [];
    }
    change();
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
