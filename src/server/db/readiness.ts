import { appliedMigrations, MIGRATION_COUNT, type Db } from './client.ts';

export type DatabaseState = { database: 'up' | 'down'; migrations: 'applied' | 'pending' | 'unknown' };

const DOWN: DatabaseState = { database: 'down', migrations: 'unknown' };

export type DatabaseProbe = {
  /** The database's state, from a check at most `freshMs` old when possible. */
  check(): Promise<DatabaseState>;
};

export type ProbeTimings = {
  /** An answer this young is given as it is. */
  freshMs: number;
  /**
   * An answer up to this old stands in while a new check runs behind it, once the check has
   * taken `quickMs` without answering: a database that refuses connections says so at once.
   */
  staleMs: number;
  quickMs: number;
  /** A check that takes longer counts as the database being down. */
  timeoutMs: number;
};

export const PROBE_TIMINGS: ProbeTimings = { freshMs: 1_000, staleMs: 10_000, quickMs: 250, timeoutMs: 2_000 };

/**
 * Health checks must not queue behind the requests they report on: the embedded database
 * runs one statement at a time, so under load a `select 1` per health request waited
 * seconds. One check runs at a time, its answer is shared for a second, and for a while
 * after that a caller whose check is slow gets the last answer while the check runs on. A
 * quick answer is never hidden behind an older one: a database refusing connections is
 * reported down from the first check that finds it so.
 */
/** `answer` unless `settled` comes first within `ms`: the race both waits below run. */
function within(settled: Promise<DatabaseState>, ms: number, answer: DatabaseState): Promise<DatabaseState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DatabaseState>((resolve) => {
    timer = setTimeout(() => resolve(answer), ms);
    timer.unref();
  });
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}

export function createDatabaseProbe(db: Db, timings: ProbeTimings = PROBE_TIMINGS): DatabaseProbe {
  let last: { state: DatabaseState; at: number } | null = null;
  let inFlight: Promise<DatabaseState> | null = null;

  const refresh = () => {
    if (inFlight) return inFlight;
    const query = appliedMigrations(db).then(
      (applied): DatabaseState => ({ database: 'up', migrations: applied >= MIGRATION_COUNT ? 'applied' : 'pending' }),
      () => DOWN,
    );
    const answer = within(query, timings.timeoutMs, DOWN).then((state) => {
      last = { state, at: Date.now() };
      return state;
    });
    inFlight = answer;
    // A check that hangs is not started again until it settles: no pile of probes on a stuck database.
    void query.finally(() => {
      inFlight = null;
    });
    return answer;
  };

  return {
    async check() {
      const age = last ? Date.now() - last.at : Infinity;
      if (last && age < timings.freshMs) return last.state;
      const next = refresh();
      if (!last || age >= timings.staleMs) return next;
      return within(next, timings.quickMs, last.state);
    },
  };
}
