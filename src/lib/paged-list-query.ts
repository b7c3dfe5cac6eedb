import { hashKey, keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { CallReply, PagedCallName } from '#src/contract/calls.ts';
import type { TableData } from '#src/contract/common.ts';
import { callApi, type SentBody } from './api-client.ts';
import { loggedRead } from './logged.ts';
import { rememberedTotal, rememberTotal } from './remembered-totals.ts';

type PageSearch = { page: number; per_page: number | 'all' };
type Sent<N extends PagedCallName> = SentBody<N> extends infer Body extends { filters: unknown } ? Body : never;
type Page<N extends PagedCallName> = CallReply<N> extends { tableData: infer Data extends TableData<unknown> } ? Data : never;

type PagedList<N extends PagedCallName, K extends QueryKey, S extends PageSearch> = {
  /** The contract call that answers a page. */
  call: N;
  /** The list's key: a page's is this key and then the URL's search, so invalidating it refreshes every page. */
  key: K;
  /** The URL's page, page size and filters. */
  search: S;
  /** The `filters` of the call's body. */
  filters: Sent<N>['filters'];
  /** What the page's call sends besides (the models list's sort); the one-row count call needs none. */
  extra?: Omit<Sent<N>, 'filters' | 'page' | 'per_page'>;
  /** What a failed read logs ("Could not load …"); the call's name unless said. */
  what?: string;
  /**
   * "All" takes the total of a fresh cached page with the same filters, or on a page that has read
   * none, the total the list last answered with them in this tab (knownTotal), so it needs no
   * one-row call to learn it.
   */
  reuseKnownTotal?: true;
};

/**
 * One page of a list as the URL says, by the call the list names. The page shown stays while the
 * next loads, and a failed read is only logged (loggedRead).
 */
export function pagedListQuery<N extends PagedCallName, const K extends QueryKey, S extends PageSearch>(list: PagedList<N, K, S>) {
  const { call, key, search, filters, extra, what = call, reuseKnownTotal } = list;
  return queryOptions({
    queryKey: [...key, search] as const,
    queryFn: ({ client }) =>
      loggedRead(what, async () => {
        const body = await pagedBody(
          search,
          filters,
          async (count) =>
            (reuseKnownTotal ? knownTotal(client, call, key, filters) : undefined) ?? (await send(call, count)).tableData.total,
        );
        let page = (await send(call, { ...body, ...extra })).tableData;
        // A total known beforehand may be behind: "All" asks again if the list has grown since.
        if (search.per_page === 'all' && page.total > body.per_page)
          page = (await send(call, { ...body, ...extra, per_page: page.total })).tableData;
        if (reuseKnownTotal) rememberTotal(call, filters, page.total);
        return page;
      }),
    placeholderData: keepPreviousData,
    meta: { filters },
  });
}

/** "All" sends the list's total (docs/product.md §9), which a one-row call asks for first. */
async function pagedBody<F>(
  search: PageSearch,
  filters: F,
  countTotal: (body: { filters: F; page: number; per_page: number }) => Promise<number>,
) {
  const perPage = search.per_page === 'all' ? Math.max(1, await countTotal({ filters, page: 1, per_page: 1 })) : search.per_page;
  return { filters, page: search.per_page === 'all' ? 1 : search.page, per_page: perPage };
}

// TypeScript cannot follow a body or an answer through a call it knows only as "some paged call";
// each list's own types are checked where it names its call (PagedList). Not async: an extra await
// would hand each answer on a turn later than a direct callApi, and the screens' timing would move.
function send<N extends PagedCallName>(
  call: N,
  body: { filters: unknown; page: number; per_page: number },
): Promise<{ tableData: Page<N> }> {
  return callApi<PagedCallName>(call, body as SentBody<PagedCallName>) as Promise<{ tableData: Page<N> }>;
}

/**
 * What "All" can send without counting first: the total of a fresh cached page of the list with the
 * same filters (each page keeps its own in `meta`), or, when the page holds none with them at all (a
 * reload, a link), the total the list last answered with them in this tab. A write marks the pages
 * stale: the list then counts first, rather than risk reading all its rows twice.
 */
function knownTotal(client: QueryClient, call: PagedCallName, key: QueryKey, filters: unknown): number | undefined {
  const same = hashKey([filters]);
  const cached = client
    .getQueryCache()
    .findAll({ queryKey: key })
    .filter((query) => query.state.data !== undefined && hashKey([query.meta?.filters]) === same);
  const fresh = cached.find((query) => !query.isStale());
  if (fresh) return (fresh.state.data as TableData<unknown>).total;
  return cached.length === 0 ? rememberedTotal(call, filters) : undefined;
}
