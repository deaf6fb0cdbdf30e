import { useEffect, useState } from 'react';
import { Mail, Phone } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { telHref } from '#src/lib/phone.ts';
import { contactStatuses } from '#src/schemas/contact-statuses.ts';
import { Accordion } from '#src/ui/Accordion.tsx';
import { showError } from '#src/ui/dialogs.ts';
import { deleteRecord } from '#src/admin/delete-flow.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { OwnerField, type PipelineChange } from '#src/admin/components/OwnerField.tsx';
import { StageBar } from '#src/admin/components/StageBar.tsx';
import { RecordActionBar } from '#src/admin/components/RecordActionBar.tsx';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { RecordTimeline } from '#src/admin/components/RecordTimeline.tsx';
import { RecordLayout } from '#src/admin/components/RecordLayout.tsx';
import { AlsoFromPanel } from '#src/admin/components/AlsoFromPanel.tsx';
import { NextStepPanel } from '#src/admin/components/NextStepPanel.tsx';
import type { NextStepInput } from '#src/schemas/follow-up.ts';
import type { NextStepDoneInput } from '#src/schemas/record-timeline.ts';
import { completeNextStep } from '#src/admin/stores/record-timeline.ts';
import { Fields } from '#src/admin/kit/Fields.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { Breakable } from '#src/admin/kit/Breakable.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { contacts, type ContactChange, type ContactDetail } from '#src/admin/stores/contacts.ts';
import { go } from '#src/admin/stores/router.ts';

/**
 * /admin/contacts/view/{id}: one callback under its stage bar, the spec's accordions 'Contact
 * Details' and 'Message' with its timeline under them, and the work on it beside them (under
 * them in one column): owner, next step and note, then the person's other requests
 * (RecordLayout, as a quote's page). Call is the header's main action; Delete waits behind "More actions".
 */
export function ContactView({ id }: { id: string }) {
  const [contact, setContact] = useState<ContactDetail | null>(null);
  useEffect(() => {
    contacts
      .get(id)
      .then(setContact)
      .catch(async (error: unknown) => {
        await showError(messageOf(error));
        go('/admin/contacts');
      });
  }, [id]);

  if (!contact) return <Spinner label="Loading the callback" />;
  const save = async (change: PipelineChange) => {
    const { message, item } = await contacts.update(id, change as ContactChange);
    setContact(item);
    return message;
  };
  const saveNextStep = async (input: NextStepInput) => {
    const message = await contacts.setNextStep(id, input);
    setContact(await contacts.get(id));
    return message;
  };
  // Read again after a refusal too: a step someone changed meanwhile (409) is shown as it now is.
  const markDone = async (input: NextStepDoneInput) => {
    try {
      return await completeNextStep('contacts', id, input);
    } finally {
      setContact(await contacts.get(id));
    }
  };
  const remove = async () => {
    if (await deleteRecord(() => contacts.remove(id))) go('/admin/contacts');
  };
  const mailto = `mailto:${contact.email}`;
  return (
    <article>
      <PageHeader
        breadcrumb={[{ label: 'Callbacks', href: '/admin/contacts' }]}
        title={contact.name}
        meta={
          <>
            <StatusBadge status={contact.status} />
            <span>Received {formatDateTime(contact.createdAt)}</span>
            <span>{contact.owner ? `Owner: ${contact.owner.name}` : 'Nobody owns it yet'}</span>
          </>
        }
        actions={
          <>
            <RecordMenu onDelete={() => void remove()} />
            <a className="bo-button bo-record-contact" href={mailto}>
              <Icon svg={Mail} size={16} />
              Email
            </a>
            <a className="bo-button bo-button-primary bo-record-contact" href={telHref(contact.phone)}>
              <Icon svg={Phone} size={16} />
              Call
            </a>
          </>
        }
      />
      {/* Where it stands, one click to move it on. */}
      <StageBar statuses={contactStatuses} status={contact.status} onSave={(status) => save({ status })} />
      {/* What the customer asked, the timeline under it, the work on it beside them: every record's layout (RecordLayout). */}
      <RecordLayout
        main={
          <>
            <div className="bo-panel bo-accordion-panel">
              <Accordion title="Contact Details" defaultOpen>
                <Fields
                  rows={[
                    { label: 'Name', value: contact.name },
                    {
                      label: 'Email',
                      value: (
                        <a href={mailto}>
                          <Breakable text={contact.email} />
                        </a>
                      ),
                    },
                    { label: 'Phone', value: <a href={telHref(contact.phone)}>{contact.phone}</a> },
                  ]}
                />
              </Accordion>
            </div>
            <div className="bo-panel bo-accordion-panel">
              <Accordion title="Message" defaultOpen>
                {/* What the customer asked, in their own words, as a mail reads: what it is about, then what they wrote. */}
                <p className="bo-hint">What they asked for on the website’s callback form</p>
                <p className="contact-subject">{contact.subject}</p>
                <p className="bo-pre">{contact.message}</p>
              </Accordion>
            </div>
          </>
        }
        workLabel="Owner, next step and other requests"
        work={
          <>
            <NextStepPanel
              key={`${contact.nextStep}|${contact.nextStepDue}`}
              owner={<OwnerField owner={contact.owner} onSave={save} />}
              nextStep={contact.nextStep}
              nextStepDue={contact.nextStepDue}
              onSave={saveNextStep}
              onDone={markDone}
              onNote={(note) => save({ note })}
            />
            <AlsoFromPanel others={contact.alsoFrom} />
          </>
        }
        timeline={<RecordTimeline area="contacts" id={id} noun="Callback" version={contact.updatedAt} />}
      />
      <RecordActionBar phone={contact.phone} mailto={mailto} />
    </article>
  );
}
