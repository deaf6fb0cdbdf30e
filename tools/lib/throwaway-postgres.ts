import { randomBytes } from 'node:crypto';
import { asAdministrator } from './pg-faults.ts';

/** A throwaway database beside DATABASE_URL's, so a measuring script never writes into a real one. */
export async function throwawayPostgres(serverUrl: string, prefix = 'bench'): Promise<{ url: string; drop(): Promise<void> }> {
  // Named after DATABASE_URL's own database, so whose throwaway it is shows in its name.
  const base = new URL(serverUrl).pathname.slice(1).slice(0, 40);
  const name = `${base ? `${base}_` : ''}${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => asAdministrator(serverUrl, statement).then(() => undefined);
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
