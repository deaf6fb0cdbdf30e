import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { ApiError, messageOf } from '../../../api/client.ts';
import { leadKinds } from '../../../schemas/leads/index.ts';
import { PrivacyRequestSchema } from '../../../schemas/privacy.ts';
import type { PersonDataView } from '../../../schemas/privacy-view.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { showDeleted, showError } from '../../../ui/dialogs.ts';
import { formatFileSize } from '../../../ui/file-field-rules.ts';
import { useForm } from '../../../ui/use-form.ts';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { formatDateTime } from '../../format.ts';
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
      await showDeleted(`Everything held about ${person.email} was erased. Audit reference: privacy-request:${erased.requestId}`);
    });

  return (
    <section>
      <h1>Privacy requests</h1>
      <p className="admin-hint">
        Find everything held about a person by their email address, to answer a subject-access request (export) or an erasure request. Each search, export and
        erasure is recorded in the audit log, without the address.
      </p>
      <form className="admin-form" onSubmit={find} noValidate aria-label="Find a person’s data">
        <FormField {...form.field('email')} label="Email address" type="email" autoComplete="off" required />
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={form.submitting}>
            {form.submitting ? 'Finding…' : 'Find'}
          </button>
        </div>
      </form>
      <p className={state.ok ? 'admin-hint admin-privacy-status' : 'admin-error admin-privacy-status'} role="status">
        {state.isLoading ? 'Searching…' : state.message}
      </p>
      {person && holdsAnything(person) && (
        <PersonData person={person}>
          <div className="admin-actions">
            <button type="button" className="admin-button secondary" onClick={() => void download()} disabled={exporting}>
              {exporting ? 'Exporting…' : 'Export (JSON)'}
            </button>
            <button type="button" className="admin-button admin-button-danger" onClick={() => void erase()}>
              Erase everything
            </button>
          </div>
        </PersonData>
      )}
    </section>
  );
}

/** A record's history (status changes and notes) as a count. */
const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);

function Held({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `privacy-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="admin-privacy-group">
      <h3 id={id}>
        {title} ({count})
      </h3>
      {count === 0 ? <p className="admin-hint">None.</p> : children}
    </section>
  );
}

function PersonData({ person, children }: { person: PersonDataView; children: ReactNode }) {
  return (
    <section aria-labelledby="privacy-held" className="admin-privacy-held">
      <h2 id="privacy-held">Held about {person.email}</h2>
      {children}
      <Held title="Callbacks" count={person.callbacks.length}>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Subject</th>
                <th scope="col">History</th>
              </tr>
            </thead>
            <tbody>
              {person.callbacks.map((callback) => (
                <tr key={callback._id}>
                  <td>
                    <a href={`/admin/contacts/view/${callback._id}`}>{formatDateTime(callback.createdAt)}</a>
                  </td>
                  <td>{callback.name}</td>
                  <td>{callback.subject}</td>
                  <td>{entries(callback.events)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Held>
      <Held title="Quote and renewal requests" count={person.requests.length}>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Received</th>
                <th scope="col">Documents</th>
                <th scope="col">History</th>
              </tr>
            </thead>
            <tbody>
              {person.requests.map((request) => (
                <tr key={request._id}>
                  <td>
                    <a href={`/admin/${request.kind === 'renewal' ? 'renewals' : 'quotes'}/view/${request._id}`}>{request.reference}</a>
                    <br />
                    <span className="admin-hint">
                      {leadKinds[request.kind].label}, {request.status}
                    </span>
                  </td>
                  <td>{formatDateTime(request.createdAt)}</td>
                  <td className="admin-cell-wrap">
                    {request.files.length === 0 ? 'None' : request.files.map((file) => `${file.name} (${formatFileSize(file.bytes)})`).join(', ')}
                  </td>
                  <td>{entries(request.events)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Held>
      <Held title="Mails" count={person.mails.length}>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {person.mails.map((mail) => (
                <tr key={mail._id}>
                  <td>{formatDateTime(mail.createdAt)}</td>
                  <td className="admin-cell-wrap">{mail.hasBody ? mail.subject : 'Envelope only (body removed)'}</td>
                  <td>{mail.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Held>
      <Held title="Staff account" count={person.user ? 1 : 0}>
        {person.user && (
          <p>
            {person.user.name}, {person.user.isAdmin ? 'Administrator' : 'Standard'} user since {formatDateTime(person.user.createdAt)}
          </p>
        )}
      </Held>
    </section>
  );
}
