import { LOST_STATUS, quotedStatuses, type LeadOutcomeInput } from '#src/schemas/follow-up.ts';
import type { LeadView } from '#src/schemas/lead-view.ts';
import type { LeadStatus } from '#src/schemas/leads/index.ts';
import { LostForm, QuotedForm } from '#src/admin/components/OutcomePanel.tsx';
import type { StagePrompt } from '#src/admin/components/StageBar.tsx';
import { statusLabel } from '#src/admin/kit/StatusBadge.tsx';

type Saves = {
  saveStatus(status: LeadStatus): Promise<string>;
  saveOutcome(input: LeadOutcomeInput): Promise<string>;
  /** How the stage is named on the button ('Mark lost'; the board's renewals say 'Mark lapsed'). */
  label?: (status: string) => string;
};

const isQuoted = (status: string) => (quotedStatuses as readonly string[]).includes(status);

/**
 * What a quote's or renewal's stage asks for before it is saved: the premium and insurer on
 * reaching Quoted or Won (unless already recorded), why it was lost on reaching Lost. The
 * stage is saved first (the server takes an outcome only for a stage that has one), then the
 * outcome; should the outcome be refused, the prompt closes and the Outcome panel, now shown
 * for the new stage, keeps what was typed as the server's message says. The record's page
 * (LeadView.tsx) and the board (LeadBoard.tsx) ask the same, from a request whole or a list's row.
 */
export function leadStagePrompt(lead: LeadView, { saveStatus, saveOutcome, label = statusLabel }: Saves) {
  return (status: LeadStatus): StagePrompt | undefined => {
    const reachesQuoted = isQuoted(status) && !isQuoted(lead.status) && !lead.premium;
    const reachesLost = status === LOST_STATUS && lead.status !== LOST_STATUS;
    if (!reachesQuoted && !reachesLost) return undefined;
    const Form = reachesLost ? LostForm : QuotedForm;
    return {
      title: reachesLost ? 'Why was it lost?' : 'What was it quoted?',
      body: ({ done, cancel }) => (
        <Form
          lead={lead}
          idPrefix="stage"
          submitLabel={`Mark ${label(status).toLowerCase()}`}
          onCancel={cancel}
          onSave={async (input) => {
            await saveStatus(status);
            try {
              return await saveOutcome(input);
            } finally {
              done();
            }
          }}
        />
      ),
    };
  };
}
