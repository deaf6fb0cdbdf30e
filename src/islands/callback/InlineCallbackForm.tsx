import { CallbackForm } from './CallbackForm.tsx';
import type { callbackSubjects } from '#src/schemas/contact.ts';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';
import '#src/ui/ui.css';
import './callback.css';
import { withAppErrorBoundary } from '#src/ui/AppErrorBoundary.tsx';

/** The callback form placed in a page (e.g. the convicted-drivers page), hydrated on first interaction. */
type Props = { defaultSubject?: (typeof callbackSubjects)[number]; humanCheck?: HumanCheckChoice };

function InlineCallbackForm({ defaultSubject, humanCheck }: Props) {
  return <CallbackForm idPrefix="callback-inline" defaultSubject={defaultSubject} humanCheck={humanCheck} />;
}

/** The island inside the error boundary: a render error shows a reload screen, not a blank space. */
export default withAppErrorBoundary(InlineCallbackForm);
