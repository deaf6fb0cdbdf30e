import { CallbackForm } from './CallbackForm.tsx';
import type { callbackSubjects } from '../../schemas/contact.ts';
import '../../ui/ui.css';
import './callback.css';

/** The callback form placed in a page (e.g. the convicted-drivers page), hydrated on first interaction. */
export default function InlineCallbackForm({ defaultSubject }: { defaultSubject?: (typeof callbackSubjects)[number] }) {
  return <CallbackForm idPrefix="callback-inline" defaultSubject={defaultSubject} />;
}
