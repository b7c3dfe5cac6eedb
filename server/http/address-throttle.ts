import type { FastifyRequest } from 'fastify';

// The public pages' throttle (docs/design.md §8: more than 60 requests a minute from one address
// is 429 with Retry-After). A fixed window per address, counted in this process's memory: behind a
// load balancer each server counts its own share, which only makes the limit looser, never wrong
// for a reader. The addresses are the client's as Fastify gives them (TRUST_PROXY honoured).

export type AddressThrottle = {
  /** Counts the request; answers the seconds to wait when it is over the limit, else null. */
  take(request: FastifyRequest, now?: number): number | null;
};

/** Past this many addresses, the windows that have ended are let go before a new one is kept. */
const PRUNE_AT = 10_000;

export function addressThrottle(limit: number, windowMs: number): AddressThrottle {
  const windows = new Map<string, { start: number; count: number }>();
  function prune(now: number) {
    for (const [address, window] of windows) if (now - window.start >= windowMs) windows.delete(address);
  }
  return {
    take(request, now = Date.now()) {
      let window = windows.get(request.ip);
      if (!window || now - window.start >= windowMs) {
        if (!window && windows.size >= PRUNE_AT) prune(now);
        window = { start: now, count: 0 };
        windows.set(request.ip, window);
      }
      window.count += 1;
      return window.count > limit ? Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) : null;
    },
  };
}
