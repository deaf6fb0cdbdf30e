import { quoteKinds } from '#src/schemas/leads/index.ts';
import type { NavigationCounts } from '#src/schemas/search.ts';
import { contactViewCounts } from '../contacts/queries.ts';
import type { Db } from '../db/client.ts';
import { leadViewCounts } from '../leads/queries.ts';
import { countPrivacyViews } from '../privacy/register/queries.ts';

/**
 * The navigation's counts for `me`: each pipeline list's New view, counted by the lists' own
 * view counts (so the sidebar and the list's "New 3" never disagree, each capped at
 * VIEW_COUNT_CAP), and the register's Due soon and Overdue views together (they never overlap).
 */
export async function navigationCounts(db: Db, me: string): Promise<NavigationCounts> {
  const [callbacks, quotes, renewals, privacy] = await Promise.all([
    contactViewCounts(db, me),
    leadViewCounts(db, quoteKinds, me),
    leadViewCounts(db, ['renewal'], me),
    countPrivacyViews(db),
  ]);
  return { callbacks: callbacks.new, quotes: quotes.new, renewals: renewals.new, privacyDue: privacy.soon + privacy.overdue };
}
