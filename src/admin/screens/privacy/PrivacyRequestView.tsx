import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CalendarClock, CheckCircle2, SearchCheck, Trash2 } from 'lucide-static';
import { ApiError, messageOf } from '#src/api/client.ts';
import { addCalendarMonths } from '#src/lib/calendar-date.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import type { ExportFormat } from '#src/schemas/privacy.ts';
import {
  EXTENSION_REASON_MAX,
  PRIVACY_KIND_LABELS,
  PRIVACY_NOTE_MAX,
  PrivacyRequestExtendSchema,
  type PrivacyRequestExtendValues,
  PrivacyNoteCreateSchema,
  type PrivacyNoteCreateValues,
  PrivacyRequestUpdateSchema,
  type PrivacyRequestView as Request,
  privacyRequestStatuses,
} from '#src/schemas/privacy-register.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { deleteRecord } from '#src/admin/delete-flow.ts';
import { Breakable } from '#src/admin/kit/Breakable.tsx';
import { Fields } from '#src/admin/kit/Fields.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { OwnerField } from '#src/admin/components/OwnerField.tsx';
import { StageBar, type StagePrompt } from '#src/admin/components/StageBar.tsx';
import { $privacy, findPerson, resetFinder } from '#src/admin/stores/privacy.ts';
import { $currentPrivacyRequest, addPrivacyNote, extendPrivacyRequest, privacyRegister } from '#src/admin/stores/privacy-register.ts';
import { go } from '#src/admin/stores/router.ts';
import { DueBadge } from './DueBadge.tsx';
import { ExportButtons, FinderResults, FinderStatus, usePersonTools } from './PersonFinder.tsx';
import { PrivacyTimeline } from './PrivacyTimeline.tsx';
import { dublinDay, lateBy } from './privacy-words.ts';

/**
 * /admin/privacy/view/{id} (Administrators and Brokers): one logged request. Where it stands against its
 * deadline; its status, owner and note; the one extension; and the finder's tools for the
 * address it holds (find, export as JSON or as a page the person reads, erase), so nobody
 * retypes it, each recorded against the request. An export is followed by a one-click "Mark
 * completed" in its place. Under them, the request's timeline: what was done and by whom. Its
 * status is the stage bar under the header, as a callback's or a quote's is. On a phone the
 * owner and notes come straight after the request's details, not at the foot. One saving model,
 * as on a callback: a choice (owner, stage) saves at once with a toast; words (a note, a
 * refusal's reason, an extension's reason) have their own button.
 */
export function PrivacyRequestView({ id }: { id: string }) {
  const request = useStore($currentPrivacyRequest);

  useEffect(() => {
    resetFinder();
    privacyRegister.select(null);
    privacyRegister.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/privacy');
    });
  }, [id]);

  if (!request || request._id !== id) return <Spinner label="Loading the privacy request" />;

  const remove = async () => {
    if (await deleteRecord(() => privacyRegister.remove(id))) go('/admin/privacy');
  };

  return (
    <article>
      <PageHeader
        breadcrumb={[{ label: 'Privacy requests', href: '/admin/privacy' }]}
        title={request.reference}
        description={`${PRIVACY_KIND_LABELS[request.kind]} from ${request.erasedAt ? 'a person whose data was erased' : request.name}`}
        meta={
          <>
            <StatusBadge status={request.status} />
            <span>Received {formatCalendarDate(request.receivedOn)}</span>
            <DueBadge request={request} withDate />
          </>
        }
        actions={
          <>
            {/* Delete behind "More actions", as on every record. The status is the stage bar's alone. */}
            <RecordMenu onDelete={() => void remove()} />
          </>
        }
      />
      {/* Where it stands, one click to move it on; Refused asks for the reason first. */}
      <StageBar
        statuses={privacyRequestStatuses}
        status={request.status}
        endsBadly="refused"
        onSave={async (status) => (await privacyRegister.update(request._id, { status })).message}
        promptFor={(status): StagePrompt | undefined =>
          status === 'refused' && request.status !== 'refused'
            ? { title: 'Why is it refused?', body: (close) => <RefuseForm request={request} close={close} /> }
            : undefined
        }
      />
      {/* As a callback's page keeps its owner and next step: what the request is, then its status and owner
          beside it at a desk and straight under it on a phone, and the tools and timeline after (.bo-detail-after). */}
      <div className="bo-detail">
        <div className="bo-stack">
          <Details request={request} />
        </div>
        <aside className="bo-detail-aside" aria-label="Status and owner">
          <div className="bo-stack">
            <Progress request={request} />
          </div>
        </aside>
        <div className="bo-detail-after bo-stack">
          <PersonTools request={request} />
          <FinderResults heading={() => `Held about ${request.name}`} />
          <PrivacyTimeline request={request} />
        </div>
      </div>
    </article>
  );
}

/** "Mark completed": one click, the time recorded by the server. */
function CompleteButton({ request, primary = true }: { request: Request; primary?: boolean }) {
  const saving = useStore(privacyRegister.$saving);
  const complete = async () => {
    try {
      toast((await privacyRegister.update(request._id, { status: 'completed' })).message);
    } catch (error) {
      await showError(messageOf(error));
    }
  };
  return (
    <button type="button" className={primary ? 'bo-button bo-button-primary' : 'bo-button'} onClick={() => void complete()} disabled={saving}>
      <Icon svg={CheckCircle2} size={16} />
      Mark completed
    </button>
  );
}

/** The finder's tools for the address the register holds. */
function PersonTools({ request }: { request: Request }) {
  const finder = useStore($privacy);
  const tools = usePersonTools(request._id);
  const [done, setDone] = useState<'exported' | 'erased' | null>(null);

  if (request.erasedAt)
    return (
      <Panel title="Personal data">
        <p className="bo-hint">
          The person’s data was erased on {dublinDay(request.erasedAt)}. The register keeps this request, without their name and address, as a record that it
          was answered.
        </p>
      </Panel>
    );

  const find = async () => {
    try {
      await findPerson(request.email, request._id);
    } catch {
      // The status line below says why.
    }
  };
  const exportData = async (format: ExportFormat) => {
    if (await tools.exportData(request.email, format)) setDone('exported');
  };
  const erase = () =>
    tools.eraseData(request.email, async (erased) => {
      toast(`Everything held about this person was erased. Audit reference: privacy-request:${erased.requestId}`, 'Deleted!');
      setDone('erased');
      await privacyRegister.get(request._id);
    });

  return (
    <Panel title="Personal data">
      <p className="bo-hint privacy-tools-text">
        What is held about <Breakable text={request.email} />: callbacks, quote and renewal requests with their documents, mails and any staff account. The
        export for the person is one page they can open and read; the data file holds the same for any program. Each search, export and erasure is recorded in
        the audit log, without the address, and on this request’s timeline.
      </p>
      <div className="privacy-tools">
        <button type="button" className="bo-button" onClick={() => void find()} disabled={finder.isLoading}>
          <Icon svg={SearchCheck} size={16} />
          {finder.isLoading ? 'Finding…' : 'Find what is held'}
        </button>
        <ExportButtons exporting={tools.exporting} onExport={(format) => void exportData(format)} />
        {/* Erasure only answers an erasure request: beside an access request's export it invites a mistake that cannot be undone. */}
        {request.kind === 'erasure' && (
          <button type="button" className="bo-button bo-button-danger-quiet" onClick={() => void erase()}>
            <Icon svg={Trash2} size={16} />
            Erase everything
          </button>
        )}
      </div>
      {done === 'exported' && request.status === 'open' && (
        <div className="bo-alert bo-alert-success privacy-next" role="status">
          <p className="privacy-next-text">The export was downloaded. Send it to the person securely, then mark this request completed.</p>
          <CompleteButton request={request} primary={false} />
        </div>
      )}
      <FinderStatus state={finder} />
    </Panel>
  );
}

function Details({ request }: { request: Request }) {
  return (
    <Panel title="Details">
      {/* The one extension, folded behind its button under the due day it moves (Extend). */}
      <Fields
        rows={[
          { label: 'Kind', value: PRIVACY_KIND_LABELS[request.kind] },
          { label: 'Requester', value: request.name },
          { label: 'Email', value: <Breakable text={request.email} /> },
          { label: 'Received', value: formatCalendarDate(request.receivedOn) },
          {
            label: 'Due',
            value: (
              <>
                {formatCalendarDate(request.dueOn)}
                {request.extendedMonths > 0 && (
                  <span className="bo-muted privacy-extension">
                    Extended by {request.extendedMonths === 1 ? 'one month' : `${request.extendedMonths} months`}: {request.extensionReason}
                  </span>
                )}
              </>
            ),
          },
          {
            label: request.status === 'refused' ? 'Refused' : 'Completed',
            value: request.completedAt ? (
              <span className="privacy-due">
                <span>{dublinDay(request.completedAt)}</span>
                {lateBy(request) && <span className="bo-badge bo-badge-danger">{lateBy(request)}</span>}
              </span>
            ) : (
              <NoValue label="Not yet" />
            ),
          },
        ]}
      />
      {request.status === 'open' && request.extendedMonths === 0 && <Extend key={request.updatedAt} request={request} />}
    </Panel>
  );
}

/**
 * The owner, saved as soon as it is chosen, as on a callback or a quote (a toast says so), and
 * the notes: each one added to the request's history with "Add note", never replacing the one
 * before; the timeline shows them with who wrote them and when.
 */
function Progress({ request }: { request: Request }) {
  return (
    <Panel title="Progress">
      <div className="bo-form-fields">
        <OwnerField
          owner={request.owner ?? null}
          onSave={async (change) => (await privacyRegister.update(request._id, { ownerId: change.ownerId ?? '' })).message}
        />
        <AddNote request={request} />
      </div>
    </Panel>
  );
}

/** One note added to the request's notes; the field empties for the next once it is saved. */
function AddNote({ request }: { request: Request }) {
  const form = useForm(PrivacyNoteCreateSchema, { note: '' });
  const submit = form.handleSubmit(async () => {
    try {
      toast(await addPrivacyNote(request._id, form.values as PrivacyNoteCreateValues));
      form.setValues({ note: '' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <FormField
        {...form.field('note')}
        as="textarea"
        label="Note"
        rows={3}
        maxLength={PRIVACY_NOTE_MAX}
        hint="Added to the timeline with your name and the time. Notes are kept, never replaced."
      />
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting || String(form.values.note).trim() === ''}>
          {form.submitting ? 'Adding…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}

/**
 * What Refused asks for under the stage bar before anything is saved: the reason the person
 * must be told (article 12(4)), saved with the status as the request's next note.
 */
function RefuseForm({ request, close }: { request: Request; close: { done(): void; cancel(): void } }) {
  const form = useForm(PrivacyRequestUpdateSchema, { status: 'refused', note: '' });
  const submit = form.handleSubmit(async () => {
    try {
      toast((await privacyRegister.update(request._id, { status: 'refused', note: String(form.values.note) })).message, 'Success!');
      close.done();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <FormField
        {...form.field('note')}
        as="textarea"
        label="Reason for refusing"
        rows={3}
        maxLength={PRIVACY_NOTE_MAX}
        required
        hint="Say why it is refused: the person must be told the reason."
      />
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Refuse the request'}
        </button>
        <button type="button" className="bo-button bo-button-quiet" disabled={form.submitting} onClick={close.cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The one extension of the deadline (Art. 12(3)): one or two further months, with the reason the
 * person is told. Rare, so folded behind its button until wanted; Cancel folds it again and
 * gives the button back the focus.
 */
function Extend({ request }: { request: Request }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLFieldSetElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (open) box.current?.querySelector<HTMLElement>('select')?.focus();
    else if (refocus) button.current?.focus();
  }, [open, refocus]);
  const form = useForm(PrivacyRequestExtendSchema, { months: '2', reason: '' });
  const submit = form.handleSubmit(async () => {
    try {
      toast(await extendPrivacyRequest(request._id, form.values as PrivacyRequestExtendValues));
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  const dueWith = (months: number) => formatCalendarDate(addCalendarMonths(request.receivedOn, 1 + months));
  if (!open)
    return (
      <div className="privacy-extend">
        <button ref={button} type="button" className="bo-button" onClick={() => setOpen(true)}>
          <Icon svg={CalendarClock} size={16} />
          Extend the deadline
        </button>
      </div>
    );
  return (
    <form className="bo-form-fields privacy-extend" onSubmit={submit} noValidate>
      <fieldset ref={box} className="ns-book">
        <legend>Extend the deadline</legend>
        <p className="bo-hint">Once only, when the request is complex or one of many. Tell the person within the first month, with the reason.</p>
        <FormField {...form.field('months')} as="select" label="Further time">
          <option value="1">One month (due {dueWith(1)})</option>
          <option value="2">Two months (due {dueWith(2)})</option>
        </FormField>
        <FormField {...form.field('reason')} as="textarea" label="Reason" rows={2} maxLength={EXTENSION_REASON_MAX} required />
      </fieldset>
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Extend the deadline'}
        </button>
        <button
          type="button"
          className="bo-button bo-button-quiet"
          disabled={form.submitting}
          onClick={() => {
            setOpen(false);
            setRefocus(true);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
