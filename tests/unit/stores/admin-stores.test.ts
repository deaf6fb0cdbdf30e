import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/support/app.ts';
import { createUser } from '#tests/support/agent.ts';
import { routeBrowserFetch } from '#tests/support/browser-fetch.ts';
import { contacts as contactRows } from '#src/server/db/schema.ts';
import { $contacts, contacts } from '#src/admin/stores/contacts.ts';
import { $posts, fetchPost, posts, type PostValues } from '#src/admin/stores/posts.ts';
import { $login, signIn } from '#src/admin/stores/session.ts';
import { $users, saveUser, users } from '#src/admin/stores/users.ts';
import { $invitationList, invitationList, resendInvitation, revokeInvitation } from '#src/admin/stores/invitations.ts';
import { $apiTokenList, apiTokenList, createApiToken, revokeApiToken } from '#src/admin/stores/api-tokens.ts';

/**
 * The back-office stores built on the list/detail factory, driven through the browser client
 * against the real app and database: what each action leaves in the state the screens render.
 */
let t: TestApp;
let adminId: string;
let otherId: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  adminId = await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true, firstName: 'Orla' });
  otherId = await createUser(t, { email: 'staff@shannon-insurance.ie', password: 'a long test password', firstName: 'Ciarán' });
  // Stored as the callback form stores them (its sending is tested in tests/api/contacts.test.ts), one minute apart.
  const names = ['Aoife', 'Brian', 'Cathal'];
  await t.test.database.db.insert(contactRows).values(
    names.map((name, index) => ({
      name,
      email: `${name.toLowerCase()}@example.ie`,
      phone: '087 123 4567',
      subject: 'Van Insurance',
      message: 'Please call me.',
      createdAt: new Date(Date.UTC(2026, 0, 1, 9, index)),
    })),
  );
  routeBrowserFetch(t);
  await signIn('admin@shannon-insurance.ie', 'a long test password');
  // A fresh database, two password hashes and a sign-in: slow on a busy two-core machine.
}, 180_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.test.drop();
});

describe('users store (names fixed by the specification: users, currentUser, ok, message, errors)', () => {
  it('load fills users and the paging; get sets currentUser', async () => {
    await users.load(0);
    expect(
      $users
        .get()
        .users.map((user) => user._id)
        .sort(),
    ).toEqual([adminId, otherId].sort());
    expect($users.get()).toMatchObject({ ok: true, message: 'Users', total_items: 2, isLoading: false });
    await users.get(otherId);
    expect($users.get().currentUser?._id).toBe(otherId);
  });

  it('saving sets currentUser to what the server stored; one’s own account also updates the signed-in user', async () => {
    await users.get(otherId);
    const values = { first_name: 'Ciara', last_name: 'Walsh', email: 'staff@shannon-insurance.ie', password: '' };
    await saveUser(otherId, values);
    expect($users.get().currentUser).toMatchObject({ _id: otherId, first_name: 'Ciara', last_name: 'Walsh' });
    expect($users.get()).toMatchObject({ ok: true, message: 'User Updated' });
    expect($login.get().user?.first_name).toBe('Orla');

    await users.get(adminId);
    await saveUser(adminId, { first_name: 'Orlaith', last_name: 'User', email: 'admin@shannon-insurance.ie', password: '', isAdmin: 'true' });
    expect($login.get().user?.first_name).toBe('Orlaith');
  });

  it('a refused action records the server’s message and field errors, and rejects', async () => {
    await expect(users.update(otherId, { first_name: '', last_name: 'Walsh', email: 'not an email', password: '' })).rejects.toThrow();
    expect($users.get().ok).toBe(false);
    expect($users.get().errors.map((error) => error.field)).toContain('email');
    expect(users.$saving.get()).toBe(false);
  });

  it('a delete reloads the list (the specification: the list reloads)', async () => {
    await users.load(0);
    await users.remove(otherId);
    expect($users.get().users.map((user) => user._id)).toEqual([adminId]);
    expect($users.get().total_items).toBe(1);
  });
});

describe('contacts store', () => {
  it('loads a page, gets one contact, and reloads the list after a delete', async () => {
    await contacts.load(0);
    expect($contacts.get().contacts.map((contact) => contact.name)).toEqual(['Cathal', 'Brian', 'Aoife']);
    const brian = $contacts.get().contacts[1]!;
    expect((await contacts.get(brian._id)).email).toBe('brian@example.ie');
    expect(await contacts.remove(brian._id)).toBe('contact has been deleted.');
    expect($contacts.get().contacts.map((contact) => contact.name)).toEqual(['Cathal', 'Aoife']);
    expect($contacts.get().total_items).toBe(2);
  });
});

describe('posts store (post state as the specification names it)', () => {
  const draft: PostValues = {
    title: 'Fleet cover explained',
    slug: '',
    excerpt: 'What fleet cover is.',
    body: 'Fleet cover **explained**.',
    status: 'draft',
    tags: ['Fleet'],
  };

  it('create stores the response as item; fetching and saving set currentPost; a delete reloads the list and the tags', async () => {
    await posts.load(0);
    const before = $posts.get().total_items;
    await posts.create(draft);
    const created = $posts.get().item;
    expect(created).toMatchObject({ title: 'Fleet cover explained', slug: 'fleet-cover-explained' });
    expect($posts.get()).toMatchObject({ ok: true, total_items: before + 1 });
    expect($posts.get().tags.map((tag) => tag.name)).toContain('Fleet');

    await fetchPost(created!._id);
    expect($posts.get()).toMatchObject({ currentPost: { _id: created!._id }, isPostLoading: false });

    await posts.update(created!._id, { ...draft, title: 'Fleet cover, explained' });
    expect($posts.get().currentPost?.title).toBe('Fleet cover, explained');
    expect($posts.get().item?.title).toBe('Fleet cover, explained');

    await posts.remove(created!._id);
    expect($posts.get().items.map((post) => post._id)).not.toContain(created!._id);
    expect($posts.get().total_items).toBe(before);
    expect($posts.get().tags.map((tag) => tag.name)).not.toContain('Fleet');
  });
});

describe('invitations store', () => {
  it('invites, lists the invitation as pending, resends and revokes it, reloading the list each time', async () => {
    const message = await invitationList.create({ email: 'new.colleague@shannon-insurance.ie', role: 'editor' });
    expect(message).toBe('Invitation sent to new.colleague@shannon-insurance.ie.');
    await invitationList.load(0);
    const [row] = $invitationList.get().invitations;
    expect(row).toMatchObject({ email: 'new.colleague@shannon-insurance.ie', role: 'editor', status: 'pending' });
    expect(await resendInvitation(row!.id)).toMatch(/sent again/);
    expect(await revokeInvitation(row!.id)).toBe('Invitation revoked.');
    expect($invitationList.get().invitations[0]).toMatchObject({ id: row!.id, status: 'revoked' });
  });
});

describe('API tokens store', () => {
  it('creates a token (answered once), lists it without its secret, and revokes it', async () => {
    const made = await createApiToken({ name: 'BMS', scopes: ['leads:read'], expires_in_days: '30' });
    expect(made.token).toMatch(/^sci_/);
    await apiTokenList.load(0);
    expect($apiTokenList.get().apiTokens).toEqual([expect.objectContaining({ id: made.apiToken.id, status: 'active', lastUsedAt: null })]);
    expect(JSON.stringify($apiTokenList.get())).not.toContain(made.token);
    expect(await revokeApiToken(made.apiToken.id)).toBe('API token revoked.');
    expect($apiTokenList.get().apiTokens[0]).toMatchObject({ status: 'revoked' });
  });
});
