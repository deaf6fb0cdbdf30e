import { toastOutcome } from '#src/admin/toast-outcome.ts';
import { KeyRound, Plus } from 'lucide-static';
import { type ApiTokenView, apiTokenScopeList, apiTokenStatuses } from '#src/schemas/api-token.ts';
import { confirmChoice } from '#src/ui/dialogs.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { StatusBadge, statusLabel } from '#src/admin/kit/StatusBadge.tsx';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { CREATED_ORDER, CREATED_SORT } from '#src/admin/list/created-order.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { apiTokenList, revokeApiToken } from '#src/admin/stores/api-tokens.ts';

async function revoke(token: ApiTokenView) {
  if (!(await confirmChoice('Revoke this API token?', `Anything using “${token.name}” is refused from now on. This cannot be undone.`, 'Revoke'))) return;
  await toastOutcome(revokeApiToken(token.id));
}

const create = (
  <a className="bo-button bo-button-primary" href="/admin/api-tokens/create">
    <Icon svg={Plus} size={16} />
    New API token
  </a>
);

/** API tokens as data: name and start, scopes, owner, status, last use and expiry; an active one can be revoked. */
const apiTokensList: ListDescriptor<ApiTokenView> = {
  title: 'API tokens',
  description: 'Keys for the broker’s other systems to read callbacks, quotes and renewals, or change their status. A token acts as the person who made it.',
  noun: { one: 'API token', many: 'API tokens' },
  primary: 'name',
  secondary: (token) => token.start,
  columns: [
    { key: 'name', label: 'Name', cell: (token) => token.name, text: (token) => token.name, truncate: 2 },
    {
      key: 'scopes',
      label: 'May do',
      cell: (token) => apiTokenScopeList(token.scopes),
      text: (token) => apiTokenScopeList(token.scopes),
      card: 'text',
    },
    { key: 'status', label: 'Status', cell: (token) => <StatusBadge status={token.status} />, width: '7rem' },
    { key: 'owner', label: 'Made by', cell: (token) => token.owner.name, width: '10rem', priority: 3, card: 'meta' },
    {
      key: 'lastUsed',
      label: 'Last used',
      cell: (token) => (token.lastUsedAt ? <DateTimeCell at={token.lastUsedAt} /> : <span className="bo-muted">Never</span>),
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
    },
    {
      key: 'expires',
      label: 'Expires',
      // A revoked token no longer expires: a dash, as a revoked invitation's link has; its status beside it says why.
      cell: (token) => (token.status === 'revoked' ? <NoValue label={statusLabel(token.status)} /> : <DateTimeCell at={token.expiresAt} />),
      empty: (token) => token.status === 'revoked',
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      priority: 2,
    },
    {
      key: 'created',
      label: 'Created',
      cell: (token) => <DateTimeCell at={token.createdAt} />,
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      sort: CREATED_SORT,
      priority: 2,
      card: 'omit',
    },
  ],
  rowId: (token) => token.id,
  rowName: (token) => `the API token ${token.name}`,
  rowActions: (token) => (token.status === 'active' ? [{ label: 'Revoke', tone: 'danger' as const, onSelect: () => void revoke(token) }] : []),
  order: CREATED_ORDER,
  filters: [
    {
      key: 'status',
      label: 'Status',
      kind: 'select',
      any: 'Any status',
      options: apiTokenStatuses.map((status) => ({ value: status, label: statusLabel(status) })),
    },
  ],
  actions: create,
  empty: {
    icon: KeyRound,
    title: 'No API tokens',
    text: 'Create a token for a system that should read leads or move them along, such as a broker management system or a CRM.',
    action: create,
  },
};

/** /admin/api-tokens: Create, a paged table and Revoke. */
export function ApiTokensList() {
  return <ListScreen source={apiTokenList} descriptor={apiTokensList} />;
}
