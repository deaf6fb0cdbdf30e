import type { MiddlewareHandler } from 'hono';
import { sendUnavailable } from '../http/unavailable.ts';

/** What readiness says while the server shuts down: the load balancer stops sending it traffic. */
export const DRAINING_MESSAGE = 'The server is shutting down.';
/** The readiness path the drain answers for itself (the health routes cannot know about shutdown). */
export const READY_PATH = '/api/v1/health/ready';

/**
 * Tracks the requests in hand so a shutdown can wait for them. Once draining: readiness
 * answers 503 at once, and every answer carries `Connection: close`, so a client on a
 * kept-alive connection opens a new one (to another server) for its next request.
 */
export type Drain = {
  readonly draining: boolean;
  readonly inFlight: number;
  /** Starts draining (idempotent). */
  begin(): void;
  /** Resolves once no request is in hand (at once when none is). */
  idle(): Promise<void>;
  middleware: MiddlewareHandler;
};

export function createDrain(): Drain {
  let draining = false;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    begin() {
      draining = true;
    },
    idle() {
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
    middleware: async (c, next) => {
      if (draining && c.req.path === READY_PATH) {
        c.header('cache-control', 'no-store');
        c.header('connection', 'close');
        return sendUnavailable(c, DRAINING_MESSAGE, { draining: true });
      }
      inFlight += 1;
      try {
        await next();
      } finally {
        inFlight -= 1;
        if (draining) c.header('connection', 'close');
        settle();
      }
    },
  };
}
