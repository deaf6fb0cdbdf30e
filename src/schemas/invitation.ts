import * as v from 'valibot';
import { email, password, requiredText } from './fields.ts';
import { messages } from './messages.ts';
import { createdSort, ListPagingSchema } from './paging.ts';
import { roles } from './roles.ts';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** 'Invite a person': their address and the role they will have. */
export const InvitationCreateSchema = v.object(
  {
    email,
    role: v.picklist(roles, 'Choose Administrator, Broker or Editor'),
  },
  messages.required,
);
export type InvitationCreate = v.InferOutput<typeof InvitationCreateSchema>;

/** The token from the mailed link (long random text). */
const token = v.pipe(v.string(messages.required), v.trim(), v.minLength(1, messages.required), v.maxLength(200, 'This invitation link is not valid'));

export const InvitationTokenSchema = v.object({ token }, messages.required);

/** Accepting: the person's own name and password. */
export const InvitationAcceptSchema = v.object(
  {
    token,
    first_name: requiredText(100),
    last_name: requiredText(100),
    password,
  },
  messages.required,
);
export type InvitationAccept = v.InferOutput<typeof InvitationAcceptSchema>;

export const invitationStatuses = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const InvitationListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  status: v.optional(v.union([v.literal(''), v.picklist(invitationStatuses, 'Choose pending, expired, accepted or revoked')]), ''),
  sort: createdSort,
});

export const InvitationViewSchema = v.object({
  id: v.string(),
  email: v.string(),
  role: v.picklist(roles),
  status: v.picklist(invitationStatuses),
  invitedBy: v.nullable(v.object({ id: v.string(), name: v.string() })),
  createdAt: v.string(),
  sentAt: v.string(),
  expiresAt: v.string(),
  acceptedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type InvitationView = v.InferOutput<typeof InvitationViewSchema>;

/** What the link's page shows before the person accepts. */
export const InvitationPreviewSchema = v.object({ email: v.string(), role: v.picklist(roles) });
