import { describe, expect, it } from 'vitest';
import { accessOf, homeFor, isGroup, type NavEntry, navigationFor } from '#src/admin/layout/navigation.ts';

/** The sidebar's links for a role, as label paths ('Enquiries/Callbacks'). */
const labels = (entries: NavEntry[]) =>
  entries.flatMap((entry) => (isGroup(entry) ? entry.items.map((item) => `${entry.label}/${item.label}`) : [entry.label]));

describe('the navigation for each role', () => {
  it('gives an Administrator every area', () => {
    expect(labels(navigationFor('admin'))).toEqual([
      'Dashboard',
      'Enquiries/Callbacks',
      'Enquiries/Quotes',
      'Enquiries/Renewals',
      'Posts',
      'Content/Pages',
      'Content/Media',
      'Content/Redirects',
      'Content/Structure',
      'Mail',
      'Privacy requests',
      'Users',
      'Settings/Mail templates',
      'Settings/Audit log',
      'Settings/API tokens',
      'Settings/Webhooks',
    ]);
  });

  it('gives a Broker the enquiries, the content, privacy requests and API tokens, but no users, audit log, structure, templates or webhooks', () => {
    expect(labels(navigationFor('broker'))).toEqual([
      'Dashboard',
      'Enquiries/Callbacks',
      'Enquiries/Quotes',
      'Enquiries/Renewals',
      'Posts',
      'Content/Pages',
      'Content/Media',
      'Content/Redirects',
      'Mail',
      'Privacy requests',
      'Settings/API tokens',
    ]);
  });

  it('gives an Editor the content only, and drops the Enquiries group it has nothing in', () => {
    expect(labels(navigationFor('editor'))).toEqual(['Posts', 'Content/Pages', 'Content/Media', 'Content/Redirects']);
  });

  it('starts each role on the first area it may use', () => {
    expect(homeFor('admin')).toBe('/admin/dashboard');
    expect(homeFor('broker')).toBe('/admin/dashboard');
    expect(homeFor('editor')).toBe('/admin/posts');
  });

  it("gives each screen its area's access, the deepest area winning", () => {
    expect(accessOf('/admin/contacts/view/1')).toBe('personalData');
    expect(accessOf('/admin/content/structure')).toBe('administration');
    expect(accessOf('/admin/content/page/1')).toBe('siteContent');
    expect(accessOf('/admin/mail/templates/x')).toBe('administration');
    expect(accessOf('/admin/webhooks/1')).toBe('administration');
    expect(accessOf('/admin/mail/view/1')).toBe('personalData');
    expect(accessOf('/admin/user/create')).toBe('administration');
  });
});
