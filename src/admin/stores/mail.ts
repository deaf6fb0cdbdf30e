import { atom, map } from 'nanostores';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type { MailStatus } from '#src/schemas/mail.ts';
import type { MailDetailView, MailSummaryView } from '#src/schemas/mail-view.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

/** The filters as the form and the address hold them: strings, empty for "any". */
export type MailFilterValues = { status?: string; audience?: string; q?: string };

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

/** The outbox as a list (with each status's count) and one mail in detail: the same list/detail store as every list. */
export const mailList = createListDetailStore<MailListState, MailSummaryView, MailDetailView, never, MailFilterValues>({
  store: $mailList,
  items: keySlot($mailList, 'mails'),
  loading: keySlot($mailList, 'isLoading'),
  filter: keySlot($mailList, 'filter'),
  current: { get: () => $currentMail.get(), set: (mail) => $currentMail.set(mail) },
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = { ...setValues(filter), page: String(page), page_size: String(page_size), ...(cursor ? { cursor } : {}) };
      const result = await unwrap(apiClient.mail.$get({ query }));
      return { ...result, items: result.mails, extra: { counts: result.counts, counts_estimated: result.counts_estimated } };
    },
    // Reading a mail is recorded by the server.
    get: async (id) => (await unwrap(apiClient.mail.get[':id'].$get({ param: pathParams({ id }) }))).mail,
  },
});

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
