import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { Download, SearchCheck, Trash2 } from 'lucide-static';
import { ApiError, messageOf } from '../../../api/client.ts';
import { leadKinds } from '../../../schemas/leads/index.ts';
import { PrivacyRequestSchema } from '../../../schemas/privacy.ts';
import type { PersonDataView } from '../../../schemas/privacy-view.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { showError, toast } from '../../../ui/dialogs.ts';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { formatFileSize } from '../../../ui/file-field-rules.ts';
import { useForm } from '../../../ui/use-form.ts';
import { EmptyState } from '../../kit/EmptyState.tsx';
import { Icon } from '../../kit/Icon.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { Panel } from '../../kit/Panel.tsx';
import { StatusBadge } from '../../kit/StatusBadge.tsx';
import { formatDateTime } from '../../format.ts';
import { roleName } from '../../layout/role-name.ts';
import { $privacy, erasePerson, exportPerson, findPerson, holdsAnything } from '../../stores/privacy.ts';

/**
 * /admin/privacy (Administrators): data-subject requests. Find everything held about an
 * email address, export it for a subject-access request, or erase it after confirming.
 */
export function PrivacyRequests() {
  const state = useStore($privacy);
  const form = useForm(PrivacyRequestSchema, { email: '' });
  const [exporting, setExporting] = useState(false);

  const find = form.handleSubmit(async ({ email }) => {
    try {
      await findPerson(email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) form.setServerErrors(error.errors);
      else await showError(messageOf(error));
    }
  });

  const person = state.person;
  const download = async () => {
    if (!person) return;
    setExporting(true);
    try {
      await exportPerson(person.email);
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setExporting(false);
    }
  };
  const erase = () =>
    deleteAfterConfirming(async () => {
      if (!person) return;
      const erased = await erasePerson(person.email);
      toast(`Everything held about ${person.email} was erased. Audit reference: privacy-request:${erased.requestId}`, 'Deleted!');
    });

  return (
    <section>
      <PageHeader
        title="Privacy requests"
        description="Find everything held about a person by their email address, to answer a subject-access request (export) or an erasure request. Each search, export and erasure is recorded in the audit log, without the address."
      />
      <Panel>
        <form className="bo-inline-form" onSubmit={find} noValidate aria-label="Find a person’s data">
          <FormField {...form.field('email')} label="Email address" type="email" autoComplete="off" required />
          <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
            {form.submitting ? 'Finding…' : 'Find'}
          </button>
        </form>
        <p className={state.ok ? 'bo-hint' : 'bo-alert'} role="status" style={{ marginTop: state.message || state.isLoading ? '0.75rem' : 0 }}>
          {state.isLoading ? 'Searching…' : state.message}
        </p>
      </Panel>
      {person && holdsAnything(person) && (
        <section aria-labelledby="privacy-held" style={{ marginTop: '1.5rem' }}>
          <div className="bo-page-header">
            <div className="bo-page-heading">
              <h2 id="privacy-held" className="bo-break">
                Held about {person.email}
              </h2>
            </div>
            <div className="bo-page-actions">
              <button type="button" className="bo-button" onClick={() => void download()} disabled={exporting}>
                <Icon svg={Download} size={16} />
                {exporting ? 'Exporting…' : 'Export (JSON)'}
              </button>
              <button type="button" className="bo-button bo-button-danger-quiet" onClick={() => void erase()}>
                <Icon svg={Trash2} size={16} />
                Erase everything
              </button>
            </div>
          </div>
          <PersonData person={person} />
        </section>
      )}
      {person && !holdsAnything(person) && state.ok && (
        <Panel>
          <EmptyState icon={SearchCheck} title="Nothing is held" text={`No contact, request, mail or account uses ${person.email}.`} />
        </Panel>
      )}
    </section>
  );
}

/** A record's history (status changes and notes) as a count. */
const entries = (count: number) => (count === 1 ? '1 history entry' : `${count} history entries`);

function Held({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Panel title={`${title} (${count})`} flush>
      {count === 0 ? <p className="bo-hint bo-panel-body">None.</p> : <ul className="bo-rows">{children}</ul>}
    </Panel>
  );
}

function PersonData({ person }: { person: PersonDataView }) {
  return (
    <div className="bo-columns">
      <Held title="Contacts" count={person.callbacks.length}>
        {person.callbacks.map((callback) => (
          <li key={callback._id}>
            <span className="bo-rows-main">
              <a href={`/admin/contacts/view/${callback._id}`}>{callback.name}</a>
              <span className="bo-muted">
                {callback.subject} · {entries(callback.events)}
              </span>
            </span>
            <span className="bo-nowrap">{formatDateTime(callback.createdAt)}</span>
          </li>
        ))}
      </Held>
      <Held title="Quotes and renewals" count={person.requests.length}>
        {person.requests.map((request) => (
          <li key={request._id}>
            <span className="bo-rows-main">
              <a href={`/admin/${request.kind === 'renewal' ? 'renewals' : 'quotes'}/view/${request._id}`}>{request.reference}</a>
              <span className="bo-muted bo-break">
                {leadKinds[request.kind].label} · {entries(request.events)} ·{' '}
                {request.files.length === 0 ? 'no documents' : request.files.map((file) => `${file.name} (${formatFileSize(file.bytes)})`).join(', ')}
              </span>
            </span>
            <span className="bo-nowrap">
              <StatusBadge status={request.status} /> {formatDateTime(request.createdAt)}
            </span>
          </li>
        ))}
      </Held>
      <Held title="Mails" count={person.mails.length}>
        {person.mails.map((mail) => (
          <li key={mail._id}>
            <span className="bo-rows-main">
              <a href={`/admin/mail/view/${mail._id}`} className="bo-break">
                {mail.hasBody ? mail.subject : 'Envelope only (body removed)'}
              </a>
              <span className="bo-muted">{formatDateTime(mail.createdAt)}</span>
            </span>
            <StatusBadge status={mail.status} />
          </li>
        ))}
      </Held>
      <Held title="Staff account" count={person.user ? 1 : 0}>
        {person.user && (
          <li>
            <span className="bo-rows-main">
              <span>{person.user.name}</span>
              <span className="bo-muted">
                {roleName(person.user)} since {formatDateTime(person.user.createdAt)}
              </span>
            </span>
          </li>
        )}
      </Held>
    </div>
  );
}
