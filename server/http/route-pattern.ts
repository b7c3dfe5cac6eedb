import type { FastifyRequest } from 'fastify';

/** What a request that matched no route is named by, whatever its path (GET /metrics's labels, traces' span names). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route a request matched, as declared (`/q/:token`, `/api/models/update`): never the path as
 * sent, which holds ids and tokens and has no end of values.
 */
export const routePattern = (request: FastifyRequest): string => (request.is404 ? undefined : request.routeOptions.url) ?? UNMATCHED_ROUTE;
