import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Mail, Phone } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { leadKinds, leadStatuses } from '#src/schemas/leads/index.ts';
import { telHref } from '#src/lib/phone.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { showError } from '#src/ui/dialogs.ts';
import { deleteRecord } from '#src/admin/delete-flow.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { formatFileSize } from '#src/ui/file-field-rules.ts';
import { OwnerField, type PipelineChange } from '#src/admin/components/OwnerField.tsx';
import { StageBar } from '#src/admin/components/StageBar.tsx';
import { LOST_STATUS } from '#src/schemas/follow-up.ts';
import { leadStagePrompt } from './stage-prompts.tsx';
import { RecordActionBar } from '#src/admin/components/RecordActionBar.tsx';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { RecordTimeline } from '#src/admin/components/RecordTimeline.tsx';
import { RecordLayout } from '#src/admin/components/RecordLayout.tsx';
import { completeNextStep } from '#src/admin/stores/record-timeline.ts';
import { AlsoFromPanel } from '#src/admin/components/AlsoFromPanel.tsx';
import { NextStepPanel } from '#src/admin/components/NextStepPanel.tsx';
import { OutcomePanel } from '#src/admin/components/OutcomePanel.tsx';
import { outcomeFacts } from './outcome-facts.ts';
import { CollapsiblePanel } from '#src/admin/kit/CollapsiblePanel.tsx';
import { Fields } from '#src/admin/kit/Fields.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { KeyFacts } from '#src/admin/kit/KeyFacts.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { StatusBadge, statusLabelFor } from '#src/admin/kit/StatusBadge.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { leadsStoreFor, type LeadArea, type LeadChange } from '#src/admin/stores/leads.ts';
import { go } from '#src/admin/stores/router.ts';
import { usePhone } from '#src/admin/list/use-phone.ts';

const AREA_NAMES: Record<LeadArea, string> = { quotes: 'Quotes', renewals: 'Renewals' };

/**
 * One quote or renewal: who and what at the top with Call and Email, its stage bar, its answers
 * grouped as on the form with its timeline under them, and beside them on a wide screen (under
 * them on a narrow one) the work on it: owner, next step and note, outcome, other requests
 * (RecordLayout, as a callback's page).
 */
/** The customer's email and phone among the answers, as links to write or ring, as on a callback's page. */
function contactLink(value: string, lead: { email: string; phone: string; reference: string }) {
  if (value && value === lead.email) return <a href={`mailto:${lead.email}?subject=${encodeURIComponent(lead.reference)}`}>{value}</a>;
  if (value && value === lead.phone) return <a href={telHref(lead.phone)}>{value}</a>;
  return value;
}

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The groups of answers open by themselves at a desk: the first, and the uploaded files. */
const OPEN_AT_A_DESK = new Set(['answers-0', 'answers-files']);

export function LeadView({ area, id }: { area: LeadArea; id: string }) {
  const leads = leadsStoreFor(area);
  const current = useStore(leads.current);
  const back = `/admin/${area}`;
  // A renewal's won and lost read Renewed and Lapsed, as its list and board say.
  const stageLabel = statusLabelFor(area);
  // The answers fold under their titles and counts: at a desk the first group and the files
  // start open; on a phone all start closed, so the key facts, the pipeline and the timeline are
  // a short scroll away ("At a glance" opens the group it jumps to). A group opened or closed by
  // hand stays so.
  const phone = usePhone();
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (sectionId: string) => toggled[sectionId] ?? (!phone && OPEN_AT_A_DESK.has(sectionId));
  const toggle = (sectionId: string) => setToggled((before) => ({ ...before, [sectionId]: !isOpen(sectionId) }));

  useEffect(() => {
    leads.reset();
    leads.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go(back);
    });
  }, [leads, id, back]);

  if (!current || current._id !== id) return <Spinner label="Loading the request" />;

  const save = async (change: PipelineChange) => (await leads.update(id, change as LeadChange)).message;
  const remove = async () => {
    if (await deleteRecord(() => leads.remove(id))) go(back);
  };
  const kind = leadKinds[current.kind].label;
  const mailto = `mailto:${current.email}?subject=${encodeURIComponent(current.reference)}`;

  return (
    <article>
      <PageHeader
        breadcrumb={[{ label: AREA_NAMES[area], href: back }]}
        title={
          <>
            <span className="bo-nowrap">{current.reference}</span>{' '}
            {/* On a phone the name takes a line of its own, without the dot (kit.css .bo-title-name). */}
            <span className="bo-muted bo-title-name">
              <span className="bo-title-sep">{'·\u00a0'}</span>
              {current.name}
            </span>
          </>
        }
        meta={
          <>
            <StatusBadge status={current.status} label={stageLabel(current.status)} />
            <span>{area === 'quotes' ? `${kind} quote` : 'Renewal'}</span>
            {current.registration && <span className="bo-nowrap">{current.registration}</span>}
            {current.renewalDate && <span>Renews {formatCalendarDate(current.renewalDate)}</span>}
            <span>Received {formatDateTime(current.createdAt)}</span>
            <span>{current.owner ? `Owner: ${current.owner.name}` : 'Nobody owns it yet'}</span>
          </>
        }
        actions={
          <>
            <RecordMenu onDelete={() => void remove()} />
            <a className="bo-button bo-record-contact" href={mailto}>
              <Icon svg={Mail} size={16} />
              Email
            </a>
            <a className="bo-button bo-button-primary bo-record-contact" href={telHref(current.phone)}>
              <Icon svg={Phone} size={16} />
              Call
            </a>
          </>
        }
      />
      {/* Where it stands, one click to move it on (the stages that need more ask for it first). */}
      <StageBar
        statuses={leadStatuses}
        status={current.status}
        endsBadly={LOST_STATUS}
        label={stageLabel}
        onSave={(status) => save({ status })}
        promptFor={leadStagePrompt(current, { saveStatus: (status) => save({ status }), saveOutcome: (input) => leads.setOutcome(id, input) })}
      />
      {/* What the customer asked, folded (see isOpen), with the timeline under it; the owner, next step and note,
          outcome and other requests beside them at a desk and after them in one column: a callback's layout (RecordLayout). */}
      <RecordLayout
        // What a broker reads first: across the page at a desk, first under the stage bar on a phone.
        summary={
          <KeyFacts
            title="At a glance"
            facts={[...outcomeFacts(current), ...current.keyFacts]}
            jumps={[
              ...current.answers.map((section, index) => ({ id: `answers-${index}`, label: section.title })),
              ...(current.files.length > 0 ? [{ id: 'answers-files', label: 'Uploaded files' }] : []),
            ]}
          />
        }
        main={
          <>
            {current.answers.map((section, index) => (
              <CollapsiblePanel
                key={section.title}
                id={`answers-${index}`}
                className="bo-answers bo-jump-target"
                title={section.title}
                meta={countOf(section.rows.length, 'answer')}
                open={isOpen(`answers-${index}`)}
                onToggle={() => toggle(`answers-${index}`)}
              >
                <Fields
                  rows={section.rows.map((row) => ({
                    label: row.label,
                    value: row.parts ? <Fields rows={row.parts.map((part) => ({ label: part.label, value: part.value }))} /> : contactLink(row.value, current),
                  }))}
                />
              </CollapsiblePanel>
            ))}
            {/* Documents start open at a desk: staff come to a record for its files as often as for its answers. */}
            {current.files.length > 0 && (
              <CollapsiblePanel
                id="answers-files"
                className="bo-answers bo-jump-target"
                title="Uploaded files"
                meta={countOf(current.files.length, 'file')}
                open={isOpen('answers-files')}
                onToggle={() => toggle('answers-files')}
              >
                <ul className="bo-rows">
                  {current.files.map((file) => (
                    <li key={file._id}>
                      <a href={leads.fileHref(file._id)} download={file.name}>
                        {file.name}
                      </a>
                      <span className="bo-muted">{formatFileSize(file.bytes)}</span>
                    </li>
                  ))}
                </ul>
              </CollapsiblePanel>
            )}
          </>
        }
        workLabel="Owner, next step and outcome"
        work={
          <>
            <NextStepPanel
              key={`${current.nextStep}|${current.nextStepDue}`}
              owner={<OwnerField owner={current.owner} onSave={save} />}
              nextStep={current.nextStep}
              nextStepDue={current.nextStepDue}
              onSave={(input) => leads.setNextStep(id, input)}
              onDone={async (input) => {
                // Read again after a refusal too: a step someone changed meanwhile (409) is shown as it now is.
                try {
                  return await completeNextStep(area, id, input);
                } finally {
                  await leads.get(id);
                }
              }}
              onNote={(note) => save({ note })}
            />
            <OutcomePanel
              key={`${current.status}|${current.premium}|${current.insurer}|${current.lostReason}|${current.lostDetail}`}
              lead={current}
              onSave={(input) => leads.setOutcome(id, input)}
            />
            <AlsoFromPanel others={current.alsoFrom} />
          </>
        }
        timeline={<RecordTimeline area={area} id={id} noun={area === 'quotes' ? 'Quote request' : 'Renewal request'} version={current.updatedAt} />}
      />
      <RecordActionBar phone={current.phone} mailto={mailto} />
    </article>
  );
}
