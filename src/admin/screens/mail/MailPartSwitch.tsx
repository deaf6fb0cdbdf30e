import { Code, FileText } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';

export type MailPart = 'html' | 'text';

/** The As it looks / Plain text switch of a mail, shared by a sent mail's page and the template previews. */
export function MailPartSwitch({ part, onChange }: { part: MailPart; onChange: (part: MailPart) => void }) {
  return (
    <fieldset className="bo-segmented">
      <legend className="visually-hidden">Part of the mail</legend>
      <button type="button" className="bo-button bo-button-quiet" aria-pressed={part === 'html'} onClick={() => onChange('html')}>
        <Icon svg={Code} size={16} />
        As it looks
      </button>
      <button type="button" className="bo-button bo-button-quiet" aria-pressed={part === 'text'} onClick={() => onChange('text')}>
        <Icon svg={FileText} size={16} />
        Plain text
      </button>
    </fieldset>
  );
}
