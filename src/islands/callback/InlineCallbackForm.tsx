import { CallbackForm } from './CallbackForm.tsx';
import type { callbackSubjects } from '../../schemas/contact.ts';
import type { HumanCheckChoice } from '../../site/human-check-choice.ts';
import '../../ui/ui.css';
import './callback.css';

/** The callback form placed in a page (e.g. the convicted-drivers page), hydrated on first interaction. */
type Props = { defaultSubject?: (typeof callbackSubjects)[number]; humanCheck?: HumanCheckChoice };

export default function InlineCallbackForm({ defaultSubject, humanCheck }: Props) {
  return <CallbackForm idPrefix="callback-inline" defaultSubject={defaultSubject} humanCheck={humanCheck} />;
}
