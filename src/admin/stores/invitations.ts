import { map } from 'nanostores';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type { InvitationCreate, InvitationStatus, InvitationView } from '#src/schemas/invitation.ts';
import type { Role } from '#src/schemas/roles.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';
import { $login } from './session.ts';

export type InvitationFilter = { status?: string; sort?: string };

export type InvitationListState = Paging & Outcome & { invitations: InvitationView[]; filter: InvitationFilter; isLoading: boolean };

export const $invitationList = map<InvitationListState>({ invitations: [], filter: {}, ...emptyList(20) });

/** Invitations to join the staff: the list on the Users screen's Invitations tab, and inviting. */
export const invitationList = createListDetailStore<InvitationListState, InvitationView, InvitationView, InvitationCreate, InvitationFilter>({
  store: $invitationList,
  items: keySlot($invitationList, 'invitations'),
  loading: keySlot($invitationList, 'isLoading'),
  filter: keySlot($invitationList, 'filter'),
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = {
        page: String(page),
        page_size: String(page_size),
        // From the address, typed by anyone: the server checks them (a 400 with its message).
        ...(filter.status ? { status: filter.status as InvitationStatus } : {}),
        ...(filter.sort ? { sort: filter.sort as 'oldest' } : {}),
        ...(cursor ? { cursor } : {}),
      };
      const result = await unwrap(apiClient.invitations.$get({ query }));
      return { ...result, items: result.invitations };
    },
    async create(values) {
      const result = await unwrap(apiClient.invitations.create.$post({ json: values }));
      return { message: result.message, item: result.invitation };
    },
  },
});

/** Mails a new link (the old one stops working), then reloads the list; answers the server's message. */
export async function resendInvitation(id: string): Promise<string> {
  const { message } = await unwrap(apiClient.invitations.resend[':id'].$post({ param: pathParams({ id }) }));
  await invitationList.load();
  return message;
}

/** Revokes an open invitation, then reloads the list; answers the server's message. */
export async function revokeInvitation(id: string): Promise<string> {
  const { message } = await unwrap(apiClient.invitations.revoke[':id'].$post({ param: pathParams({ id }) }));
  await invitationList.load();
  return message;
}

/** What the mailed link's page shows: the invited address and role (or the server's reason it no longer works). */
export async function checkInvitation(token: string): Promise<{ email: string; role: Role }> {
  return (await unwrap(apiClient.invitations.check.$post({ json: { token } }))).invitation;
}

export type InvitationAcceptValues = { token: string; first_name: string; last_name: string; password: string };

/**
 * Accepts: the account is made and signed in as far as the password, as a sign-in is, so the
 * two-factor screens follow. Answers whether two-factor setup comes next.
 */
export async function acceptInvitation(values: InvitationAcceptValues): Promise<{ message: string; twoFactorNext: boolean }> {
  const result = await unwrap(apiClient.invitations.accept.$post({ json: values }));
  $login.set({ ...$login.get(), user: result.user, is2FAEnabled: result.is2FAEnabled, allowSkip2FA: result.allowSkip2FA });
  return { message: result.message, twoFactorNext: result.is2FAEnabled };
}
