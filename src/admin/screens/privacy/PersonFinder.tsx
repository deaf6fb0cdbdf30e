import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { Download, FileText, SearchCheck, Trash2 } from 'lucide-static';
import { ApiError, messageOf } from '#src/api/client.ts';
import { leadKinds } from '#src/schemas/leads/index.ts';
import { type ExportFormat, PrivacyRequestSchema } from '#src/schemas/privacy.ts';
import type { ErasureView, PersonDataView } from '#src/schemas/privacy-view.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { showError } from '#src/ui/dialogs.ts';
import { formatFileSize } from '#src/ui/file-field-rules.ts';
import { useForm } from '#src/ui/use-form.ts';
import { deleteAfterConfirming } from '#src/admin/delete-flow.ts';
import { formatDateTime } from '#src/admin/format.ts';
import { EmptyState } from '#src/admin/kit/EmptyState.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { EXPORT_HTML, EXPORT_JSON } from './privacy-words.ts';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { roleName } from '#src/admin/layout/role-name.ts';
import { $privacy, erasePerson, exportPerson, findPerson, holdsAnything } from '#src/admin/stores/privacy.ts';

/**
 * The finder's parts, shared by /admin/privacy/find (an address typed in) and a logged
 * request's page (the address the register holds): look up what is held about an address,
 * export it (subject access, article 15) and erase it (article 17), each audited without it.
 */

/**
 * Export and erase for an address, with their progress; each answers whether it went through.
 * `registerId`: the register's request they answer (a request's page), named in their audit entries.
 */
export function usePersonTools(registerId?: string) {
  /** The format being exported, while it is. */
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportData = async (email: string, format: ExportFormat): Promise<boolean> => {
    setExporting(format);
    try {
      await exportPerson(email, format, registerId);
      return true;
    } catch (error) {
      await showError(messageOf(error));
      return false;
    } finally {
      setExporting(null);
    }
  };
  /** "Are you sure?" first; `after` runs once erased (a toast, a reload). */
  const eraseData = (email: string, after: (erased: ErasureView) => void | Promise<void>) =>
    deleteAfterConfirming(async () => {
      await after(await erasePerson(email, registerId));
    });
  return { exporting, exportData, eraseData };
}

/** The two exports: JSON (every record and document, for any program) and the page the person reads. */
export function ExportButtons({ exporting, onExport }: { exporting: ExportFormat | null; onExport(format: ExportFormat): void }) {
  return (
    <>
      <button type="button" className="bo-button" onClick={() => onExport('html')} disabled={exporting !== null}>
        <Icon svg={FileText} size={16} />
        {exporting === 'html' ? 'Exporting…' : EXPORT_HTML}
      </button>
      <button type="button" className="bo-button" onClick={() => onExport('json')} disabled={exporting !== null}>
        <Icon svg={Download} size={16} />
        {exporting === 'json' ? 'Exporting…' : EXPORT_JSON}
      </button>
    </>
  );
}

/** The email address to look up, checked as the server checks it. */
export function FindForm() {
  const state = useStore($privacy);
  const form = useForm(PrivacyRequestSchema, { email: '' });
  const find = form.handleSubmit(async ({ email }) => {
    try {
      await findPerson(email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) form.setServerErrors(error.errors);
      else await showError(messageOf(error));
    }
  });
  return (
    <Panel>
      <form className="bo-inline-form" onSubmit={find} noValidate aria-label="Find a person’s data">
        <FormField {...form.field('email')} label="Email address" type="email" autoComplete="off" required />
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          {form.submitting ? 'Finding…' : 'Find'}
        </button>
      </form>
      <FinderStatus state={state} />
    </Panel>
  );
}

/** What the last look-up said (found, nothing held, why it failed), read out as it changes. */
export function FinderStatus({ state }: { state: { ok: boolean; message: string; isLoading: boolean } }) {
  return (
    <p className={state.ok ? 'bo-hint' : 'bo-alert'} role="status" style={{ marginTop: state.message || state.isLoading ? '0.75rem' : 0 }}>
      {state.isLoading ? 'Searching…' : state.message}
    </p>
  );
}

type ResultsProps = {
  /** Export and erase beside the heading (the finder); a request's page has its own. */
  actions?: { exporting: ExportFormat | null; onExport(format: ExportFormat): void; onErase(): void };
  /** How the address is named in the heading: the address itself, or "this person". */
  heading?: (person: PersonDataView) => string;
};

/** What the last look-up found: the records held, or that nothing is. */
export function FinderResults({ actions, heading = (person) => `Held about ${person.email}` }: ResultsProps) {
  const state = useStore($privacy);
  const person = state.person;
  if (!person) return null;
  if (!holdsAnything(person))
    return state.ok ? (
      <Panel>
        <EmptyState icon={SearchCheck} title="Nothing is held" text={`No callback, request, mail or account uses ${person.email}.`} />
      </Panel>
    ) : null;
  return (
    <section aria-labelledby="privacy-held" className="privacy-held">
      <div className="bo-page-header">
        <div className="bo-page-heading">
          <h2 id="privacy-held" className="bo-break">
            {heading(person)}
          </h2>
        </div>
        {actions && (
          <div className="bo-page-actions">
            <ExportButtons exporting={actions.exporting} onExport={actions.onExport} />
            <button type="button" className="bo-button bo-button-danger-quiet" onClick={actions.onErase}>
              <Icon svg={Trash2} size={16} />
              Erase everything
            </button>
          </div>
        )}
      </div>
      <PersonData person={person} />
    </section>
  );
}

/** A record's history (status changes and notes) as a count. */
const entries = (count: number) => (count === 1 ? '1 history entry' : `${count} history entries`);

/** A kind of record held, with its count; a kind with none is not drawn (see `nothingOf`). */
function Held({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Panel title={`${title} (${count})`} flush>
      <ul className="bo-rows">{children}</ul>
    </Panel>
  );
}

/**
 * The kinds of record nothing was found for, in one line rather than a card saying "None" each:
 * "Nothing found for this address among mails or staff accounts." Empty when every kind holds something.
 */
function nothingOf(kinds: readonly string[]): string {
  if (kinds.length === 0) return '';
  const named = kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`;
  return `Nothing found for this address among ${named}.`;
}

function PersonData({ person }: { person: PersonDataView }) {
  const none = [
    person.callbacks.length === 0 && 'callbacks',
    person.requests.length === 0 && 'quotes and renewals',
    person.mails.length === 0 && 'mails',
    !person.user && 'staff accounts',
  ].filter((kind): kind is string => Boolean(kind));
  return (
    <>
      <div className="bo-columns">
        {person.callbacks.length > 0 && (
          <Held title="Callbacks" count={person.callbacks.length}>
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
        )}
        {person.requests.length > 0 && (
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
        )}
        {person.mails.length > 0 && (
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
        )}
        {person.user && (
          <Held title="Staff account" count={1}>
            <li>
              <span className="bo-rows-main">
                <span>{person.user.name}</span>
                <span className="bo-muted">
                  {roleName(person.user)} since {formatDateTime(person.user.createdAt)}
                </span>
              </span>
            </li>
          </Held>
        )}
      </div>
      {none.length > 0 && <p className="bo-hint">{nothingOf(none)}</p>}
    </>
  );
}
