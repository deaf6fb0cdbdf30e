import { map } from 'nanostores';
import { api } from '../../api/client.ts';
import { createListDetailStore, keySlot, type Outcome, type Paging } from './list-detail.ts';

export type Contact = { _id: string; name: string; email: string; phone: string; subject: string; message: string; createdAt: string };

/** Contact list response fields (spec section 3), with the list's loading flag. */
export type ContactsState = Paging & Outcome & { contacts: Contact[]; isLoading: boolean };

export const $contacts = map<ContactsState>({
  contacts: [],
  page: 0,
  page_size: 10,
  total_pages: 1,
  total_items: 0,
  ok: true,
  message: '',
  errors: [],
  isLoading: false,
});

const path = (action: string, id: string) => `/contacts/${action}/${encodeURIComponent(id)}`;

/** The contacts list (load, remove: spec section 4, a delete reloads the list) and one contact (get). */
export const contacts = createListDetailStore<ContactsState, Contact, Contact>({
  store: $contacts,
  items: keySlot($contacts, 'contacts'),
  loading: keySlot($contacts, 'isLoading'),
  calls: {
    async list({ page, page_size }) {
      const result = await api<Paging & { contacts: Contact[] }>('GET', `/contacts/?page=${page}&page_size=${page_size}`);
      return { ...result, items: result.contacts };
    },
    get: async (id) => (await api<{ contact: Contact }>('GET', path('get', id))).contact,
    remove: async (id) => (await api('DELETE', path('delete', id))).message,
  },
});
