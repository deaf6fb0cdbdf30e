import * as v from 'valibot';
import { requiredText } from './fields.ts';
import { messages } from './messages.ts';
import { createdSort, ListPagingSchema } from './paging.ts';

/**
 * What an API token may do (docs/how-to/use-the-api-with-a-token.md). Each scope opens a few
 * named endpoints and nothing else; every scope is about customers, so only roles with
 * personal-data access (src/schemas/roles.ts) make tokens, and the token is held to its
 * maker's role as well as its scopes.
 */
export const apiTokenScopes = ['callbacks:read', 'leads:read', 'status:write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** Each scope's name on screens. */
export const apiTokenScopeNames: Record<ApiTokenScope, string> = {
  'callbacks:read': 'Read callbacks',
  'leads:read': 'Read quotes and renewals',
  'status:write': 'Change status',
};

/** A token's scopes as one line of a list: 'Read callbacks, read quotes and renewals'; sentence case, so only its first word capitalised. */
export function apiTokenScopeList(scopes: readonly ApiTokenScope[]): string {
  const line = scopes.map((scope) => apiTokenScopeNames[scope].toLowerCase()).join(', ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** The recognisable start of every token, so a leaked one is easy to spot in a repository or a log. */
export const API_TOKEN_PREFIX = 'sci_';

/** How long a new token may live, in days. */
export const apiTokenLifetimes = ['7', '30', '90', '365'] as const;

export const apiTokenMessages = {
  chooseScope: 'Choose at least one thing it may do',
  chooseLifetime: 'Choose how long the token works: 7, 30, 90 or 365 days',
} as const;

/** 'Create an API token': a name to know it by, its scopes and its lifetime. */
export const ApiTokenCreateSchema = v.object(
  {
    name: requiredText(100),
    scopes: v.pipe(
      v.array(v.picklist(apiTokenScopes, 'Choose read callbacks, read quotes and renewals or change status'), apiTokenMessages.chooseScope),
      v.minLength(1, apiTokenMessages.chooseScope),
      v.maxLength(apiTokenScopes.length, apiTokenMessages.chooseScope),
      v.check((scopes) => new Set(scopes).size === scopes.length, 'Choose each scope once'),
    ),
    expires_in_days: v.picklist(apiTokenLifetimes, apiTokenMessages.chooseLifetime),
  },
  messages.required,
);
export type ApiTokenCreate = v.InferOutput<typeof ApiTokenCreateSchema>;

export const apiTokenStatuses = ['active', 'expired', 'revoked'] as const;

export const ApiTokenListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  status: v.optional(v.union([v.literal(''), v.picklist(apiTokenStatuses, 'Choose active, expired or revoked')]), ''),
  sort: createdSort,
});

/** A token as lists show it: never the secret, only its recognisable start. */
export const ApiTokenViewSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The token's first characters (prefix and public part), to tell it from others. */
  start: v.string(),
  scopes: v.array(v.picklist(apiTokenScopes)),
  status: v.picklist(apiTokenStatuses),
  owner: v.object({ id: v.string(), name: v.string() }),
  createdAt: v.string(),
  expiresAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
export type ApiTokenView = v.InferOutput<typeof ApiTokenViewSchema>;
