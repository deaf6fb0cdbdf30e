import { useEffect, useState } from 'react';
import { Accordion } from '../../../ui/Accordion.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { messageOf } from '../../../api/client.ts';
import { showError } from '../../../ui/dialogs.ts';
import { contacts, type Contact } from '../../stores/contacts.ts';
import { go } from '../../stores/router.ts';
import { formatDateTime } from '../../format.ts';
import { telHref } from '../../../lib/phone.ts';

/** /admin/contacts/view/{id}: the accordions 'Contact Details' and 'Message'. */
export function ContactView({ id }: { id: string }) {
  const [contact, setContact] = useState<Contact | null>(null);
  useEffect(() => {
    contacts
      .get(id)
      .then(setContact)
      .catch(async (error: unknown) => {
        await showError(messageOf(error));
        go('/admin/contacts');
      });
  }, [id]);

  if (!contact) return <Spinner label="Loading the contact" />;
  return (
    <section>
      <h1>Contact from {contact.name}</h1>
      <p>
        Received {formatDateTime(contact.createdAt)} · Subject: {contact.subject}
      </p>
      <Accordion title="Contact Details" defaultOpen>
        <dl className="admin-details">
          <dt>Name</dt>
          <dd>{contact.name}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(contact.phone)}>{contact.phone}</a>
          </dd>
        </dl>
      </Accordion>
      <Accordion title="Message" defaultOpen>
        <p className="admin-message">{contact.message}</p>
      </Accordion>
      <p>
        <a href="/admin/contacts">Back to All Contacts</a>
      </p>
    </section>
  );
}
