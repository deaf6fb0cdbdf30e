import type { Db } from './client.ts';

/**
 * A statement prepared once per database handle, on first use (a WeakMap, so a closed
 * handle's goes with it): for the statements every form post runs, which the query builder
 * would otherwise build again each time. PostgreSQL also keeps a named statement's plan.
 */
export function preparedPerDb<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const made = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = prepare(db);
      made.set(db, statement);
    }
    return statement;
  };
}
