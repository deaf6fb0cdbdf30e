import { map } from 'nanostores';
import { api } from '../../api/client.ts';

export type Contact = { _id: string; name: string; email: string; phone: string; subject: string; message: string; createdAt: string };

/** Contact list response fields (spec section 3). */
export type ContactsState = {
  contacts: Contact[];
  current: Contact | null;
  page: number;
  page_size: number;
  total_pages: number;
  total_items: number;
  isLoading: boolean;
};

export const $contacts = map<ContactsState>({ contacts: [], current: null, page: 0, page_size: 10, total_pages: 1, total_items: 0, isLoading: false });

export async function loadContacts(page = $contacts.get().page): Promise<void> {
  $contacts.setKey('isLoading', true);
  try {
    const result = await api<Omit<ContactsState, 'current' | 'isLoading'>>('GET', `/contacts/?page=${page}&page_size=${$contacts.get().page_size}`);
    const { contacts, page: p, page_size, total_pages, total_items } = result;
    // Deleting the last item of the last page leaves an empty page: step back one.
    if (contacts.length === 0 && p > 0) return loadContacts(p - 1);
    $contacts.set({ ...$contacts.get(), contacts, page: p, page_size, total_pages, total_items, isLoading: false });
  } catch (error) {
    $contacts.setKey('isLoading', false);
    throw error;
  }
}

export async function loadContact(id: string): Promise<Contact> {
  const result = await api<{ contact: Contact }>('GET', `/contacts/get/${encodeURIComponent(id)}`);
  $contacts.setKey('current', result.contact);
  return result.contact;
}

export async function deleteContact(id: string): Promise<string> {
  return (await api('DELETE', `/contacts/delete/${encodeURIComponent(id)}`)).message;
}
