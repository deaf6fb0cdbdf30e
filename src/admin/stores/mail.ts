import { atom, map } from 'nanostores';
import { messageOf } from '../../api/client.ts';
import { apiClient, pathParams, unwrap } from '../../api/typed-client.ts';
import type { MailStatus } from '../../schemas/mail.ts';
import type { MailDetailView, MailSummaryView } from '../../schemas/mail-view.ts';
import { type Cursors, cursorFor, emptyList, type Outcome, type Paging } from './list-detail.ts';

/** The filters as the form and the address hold them: strings, empty for "any". */
export type MailFilterValues = { status?: string; q?: string };

export type MailListState = Paging &
  Outcome & {
    mails: MailSummaryView[];
    counts: { queued: number; sent: number; failed: number };
    /** The statuses whose count is an estimate ("about N"). */
    counts_estimated: MailStatus[];
    filter: MailFilterValues;
    isLoading: boolean;
  };

export const $mailList = map<MailListState>({
  mails: [],
  counts: { queued: 0, sent: 0, failed: 0 },
  counts_estimated: [],
  filter: {},
  ...emptyList(20),
});

/** The mail on the detail screen. */
export const $currentMail = atom<MailDetailView | null>(null);

const setValues = (filter: MailFilterValues) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

/** The list's address: its filters and its page (shown one-based, as the pager shows it). */
export function mailListAddress(filter: MailFilterValues, page: number): string {
  const query = new URLSearchParams(setValues(filter));
  if (page > 0) query.set('page', String(page + 1));
  const text = query.toString();
  return text ? `/admin/mail?${text}` : '/admin/mail';
}

/** The filters and page an address carries (`?status=failed&q=sales&page=2`); the server validates the values. */
export function mailListFromAddress(search: string): { filter: MailFilterValues; page: number } {
  const params = new URLSearchParams(search);
  const filter = setValues({ status: params.get('status') ?? '', q: params.get('q') ?? '' });
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return { filter, page: Number.isFinite(page) && page > 1 ? page - 1 : 0 };
}

/** The cursors of the page on screen (see cursorFor); forgotten when the filter changes. */
let cursors: Cursors = {};

export function setMailFilter(filter: MailFilterValues): void {
  cursors = {};
  $mailList.setKey('filter', setValues(filter));
}

/** Loads a page of the outbox with the current filters; a failure is kept as the outcome. */
export async function loadMailList(page = $mailList.get().page): Promise<void> {
  const state = $mailList.get();
  $mailList.setKey('isLoading', true);
  try {
    const cursor = cursorFor(page, state, cursors);
    const query = { ...setValues(state.filter), page: String(page), page_size: String(state.page_size), ...(cursor ? { cursor } : {}) };
    const result = await unwrap(apiClient.mail.$get({ query }));
    cursors = { next_cursor: result.next_cursor, prev_cursor: result.prev_cursor };
    $mailList.set({
      ...$mailList.get(),
      mails: result.mails,
      counts: result.counts,
      counts_estimated: result.counts_estimated,
      page: result.page,
      page_size: result.page_size,
      total_pages: result.total_pages,
      total_items: result.total_items,
      total_is_estimate: result.total_is_estimate,
      isLoading: false,
      ok: true,
      message: result.message,
      errors: [],
    });
  } catch (error) {
    $mailList.set({ ...$mailList.get(), isLoading: false, ok: false, message: messageOf(error), errors: [] });
  }
}

/** Fetches one mail (the server records the reading) and makes it the current one. */
export async function loadMail(id: string): Promise<MailDetailView> {
  const { mail } = await unwrap(apiClient.mail.get[':id'].$get({ param: pathParams({ id }) }));
  $currentMail.set(mail);
  return mail;
}

/** Puts a sent or failed mail back in the queue; answers the server's message. The list and the mail on screen show it queued. */
export async function resendMail(id: string): Promise<string> {
  const result = await unwrap(apiClient.mail.resend[':id'].$post({ param: pathParams({ id }) }));
  const queued = result.mail;
  $mailList.setKey(
    'mails',
    $mailList.get().mails.map((mail) => (mail._id === id ? queued : mail)),
  );
  const current = $currentMail.get();
  if (current?._id === id) $currentMail.set({ ...current, ...queued, recipients: [] });
  return result.message;
}
