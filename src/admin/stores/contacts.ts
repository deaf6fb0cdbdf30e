import { map } from 'nanostores';
import { apiClient, pathParams, unwrap } from '../../api/typed-client.ts';
import type { ContactView } from '../../schemas/contact-view.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

/** An enquiry as the API shows it. */
export type Contact = ContactView;

/** Contact list response fields (spec section 3), with the list's loading flag. */
export type ContactsState = Paging & Outcome & { contacts: Contact[]; isLoading: boolean };

export const $contacts = map<ContactsState>({
  contacts: [],
  ...emptyList(10),
});

/** The contacts list (load, remove: spec section 4, a delete reloads the list) and one contact (get). */
export const contacts = createListDetailStore<ContactsState, Contact, Contact>({
  store: $contacts,
  items: keySlot($contacts, 'contacts'),
  loading: keySlot($contacts, 'isLoading'),
  calls: {
    async list({ page, page_size, cursor }) {
      const result = await unwrap(apiClient.contacts.$get({ query: { page: String(page), page_size: String(page_size), ...(cursor ? { cursor } : {}) } }));
      return { ...result, items: result.contacts };
    },
    get: async (id) => (await unwrap(apiClient.contacts.get[':id'].$get({ param: pathParams({ id }) }))).contact,
    remove: async (id) => (await unwrap(apiClient.contacts.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
});
