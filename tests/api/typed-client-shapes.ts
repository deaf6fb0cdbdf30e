/**
 * Checked by `tsc` (npm run check), never run: the derived client must type each area's
 * requests and answers from the routes. A route that loses its declared types fails here.
 */
import { apiClient, unwrap } from '#src/api/typed-client.ts';
export async function shapes(id: string) {
  await unwrap(apiClient.auth.login.$post({ json: { email: 'a', password: 'b' } }));
  const me = await unwrap(apiClient.auth.loggedin.$get());
  me.user.email satisfies string;
  const us = await unwrap(apiClient.users.$get({ query: { page: '0', search: 'x' } }));
  us.users[0]?.first_name satisfies string | undefined;
  await unwrap(apiClient.users.update[':id'].$put({ param: { id }, json: { first_name: 'a', last_name: 'b', email: 'c' } }));
  const ps = await unwrap(apiClient.posts.$get({ query: { summary: 'true', tag: 'x' } }));
  ps.data[0]?.title satisfies string | undefined;
  await unwrap(apiClient.posts.get[':idOrSlug'].$get({ param: { idOrSlug: 'x' } }));
  const created = await unwrap(apiClient.quotes[':kind'].create.$post({ param: { kind: 'van' }, json: { a: 1 } }));
  created.redirect satisfies string;
  const qs = await unwrap(apiClient.quotes.$get({ query: { kind: 'van', page: '0' } }));
  qs.leads[0]?.reference satisfies string | undefined;
  const one = await unwrap(apiClient.quotes.get[':id'].$get({ param: { id } }));
  one.lead.events[0]?.by satisfies string | undefined;
  await unwrap(apiClient.renewals.update[':id'].$put({ param: { id }, json: { status: 'won', note: 'x' } }));
  const ch = await unwrap(apiClient.challenge.$get());
  ch.challenge.parameters.salt satisfies string;
  const ar = await unwrap(apiClient.areas.$get({ query: { search: 'x' } }));
  ar.areas[0]?.county satisfies string | undefined;
}
