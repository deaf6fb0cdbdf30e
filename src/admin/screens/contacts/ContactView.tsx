import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Accordion } from '../../../ui/Accordion.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { messageOf } from '../../../api/client.ts';
import { contactStatuses } from '../../../schemas/contact-statuses.ts';
import { showError } from '../../../ui/dialogs.ts';
import { PipelineBox, type PipelineChange } from '../../components/PipelineBox.tsx';
import { contacts, type ContactChange, type ContactDetail } from '../../stores/contacts.ts';
import { go } from '../../stores/router.ts';
import { formatDateTime } from '../../format.ts';
import { telHref } from '../../../lib/phone.ts';

/** /admin/contacts/view/{id}: the accordions 'Contact Details' and 'Message', with the callback's pipeline (status, owner, notes and history). */
export function ContactView({ id }: { id: string }) {
  const [contact, setContact] = useState<ContactDetail | null>(null);
  const saving = useStore(contacts.$saving);
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
  const save = async (change: PipelineChange) => {
    const { message, item } = await contacts.update(id, change as ContactChange);
    setContact(item);
    return message;
  };
  return (
    <section>
      <h1>Contact from {contact.name}</h1>
      <p>
        Received {formatDateTime(contact.createdAt)} · Subject: {contact.subject} ·{' '}
        <span className={`admin-badge admin-badge-${contact.status}`}>{contact.status}</span>
        {contact.owner && <> · with {contact.owner.name}</>}
      </p>
      <div className="pipeline-detail">
        <PipelineBox statuses={contactStatuses} status={contact.status} owner={contact.owner} events={contact.events} saving={saving} onSave={save} />
        <div className="pipeline-answers">
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
        </div>
      </div>
      <p>
        <a href="/admin/contacts">Back to All Contacts</a>
      </p>
    </section>
  );
}
