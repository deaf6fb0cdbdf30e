import { CallbackForm } from './CallbackForm.tsx';
import '../../ui/ui.css';
import './callback.css';

/** The callback form placed in a page (e.g. the convicted-drivers page), hydrated on first interaction. */
export default function InlineCallbackForm() {
  return <CallbackForm idPrefix="callback-inline" />;
}
