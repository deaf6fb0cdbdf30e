import { createRouter, openPage } from '@nanostores/router';

/** Every back-office route. The server answers all of them with the admin page. */
export const $router = createRouter({
  login: '/admin',
  /** Where a signed-in visit to /admin goes (docs/fixed-by-the-spec.md, 'Where the code differs, and why'); signing in still lands on /admin/user. */
  dashboard: '/admin/dashboard',
  users: '/admin/user',
  userCreate: '/admin/user/create',
  userEdit: '/admin/user/edit/:id',
  /** Administrators: the Users screen's Invitations tab, and inviting a person. */
  invitations: '/admin/user/invitations',
  userInvite: '/admin/user/invite',
  /** Administrators and Brokers: tokens for the broker's other systems. */
  apiTokens: '/admin/api-tokens',
  apiTokenCreate: '/admin/api-tokens/create',
  /** Administrators: the endpoints told of events, adding one, and one with its delivery log (linked from the turned-off mail). */
  webhooks: '/admin/webhooks',
  webhookCreate: '/admin/webhooks/create',
  webhookView: '/admin/webhooks/:id',
  posts: '/admin/posts',
  postCreate: '/admin/posts/create',
  postEdit: '/admin/posts/edit/:id',
  /** The pages whose copy is content; each opens in the page editor. */
  content: '/admin/content',
  contentPage: '/admin/content/page/:id',
  /** Administrators: the content's sections and elements as a tree (adding, moving, deleting). */
  contentStructure: '/admin/content/structure',
  /** The media library: every image and video uploaded, to describe, replace or delete. */
  media: '/admin/media',
  mediaView: '/admin/media/view/:id',
  redirects: '/admin/redirects',
  redirectCreate: '/admin/redirects/create',
  redirectEdit: '/admin/redirects/edit/:id',
  contacts: '/admin/contacts',
  contactView: '/admin/contacts/view/:id',
  contactEdit: '/admin/contacts/edit/:id',
  quotes: '/admin/quotes',
  /** The same requests as columns of their stages (the header's Table | Board). */
  quotesBoard: '/admin/quotes/board',
  quoteView: '/admin/quotes/view/:id',
  renewals: '/admin/renewals',
  renewalsBoard: '/admin/renewals/board',
  renewalView: '/admin/renewals/view/:id',
  /** Administrators only. */
  audit: '/admin/audit',
  /** Administrators and Brokers (personal data): the register of data-subject requests, one request, logging one. */
  privacy: '/admin/privacy',
  privacyCreate: '/admin/privacy/create',
  privacyView: '/admin/privacy/view/:id',
  /** Administrators and Brokers (personal data): everything held about an email address (find, export, erase). */
  privacyFind: '/admin/privacy/find',
  /** The outbox: queued, sent and failed mail. */
  mail: '/admin/mail',
  mailView: '/admin/mail/view/:id',
  /** Administrators: every mail template with a fixed sample, the first or the one named. */
  mailTemplates: '/admin/mail/templates',
  mailTemplate: '/admin/mail/templates/:id',
  verifyReset: '/verifypasswordreset',
  /** The link mailed to a new email address. */
  confirmEmail: '/admin/confirm-email',
  /** The link an invitation mail carries. */
  acceptInvitation: '/admin/invitation',
});

export type RouteName = NonNullable<ReturnType<typeof $router.get>>['route'];

// Every route change starts at the top of the page.
$router.listen(() => {
  if (typeof window !== 'undefined') window.scrollTo(0, 0);
});

export function go(path: string): void {
  $router.open(path);
}

export { openPage };
