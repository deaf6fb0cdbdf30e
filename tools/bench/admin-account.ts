/**
 * The administrator the list bench signs in as: seed:scale makes it (before the staff it adds,
 * which would stop the server from seeding its own first administrator), and a server
 * bench:lists starts on an empty users table seeds it. A bench database's only; never a real one.
 */
export const BENCH_ADMIN = {
  email: process.env.BENCH_EMAIL ?? 'bench-admin@example.ie',
  password: process.env.BENCH_PASSWORD ?? 'measuring password',
} as const;
