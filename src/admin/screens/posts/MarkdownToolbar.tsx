import { useRef, useState, type KeyboardEvent } from 'react';
import { Bold, Heading2, Italic, Link, List, ListOrdered, TextQuote } from 'lucide-static';
import { Icon } from '../../kit/Icon.tsx';
import { applyMarkdown, type MarkdownAction } from './markdown-edits.ts';

const BUTTONS: { action: MarkdownAction; label: string; icon: string }[] = [
  { action: 'heading', label: 'Heading', icon: Heading2 },
  { action: 'bold', label: 'Bold', icon: Bold },
  { action: 'italic', label: 'Italic', icon: Italic },
  { action: 'link', label: 'Link', icon: Link },
  { action: 'bullets', label: 'Bulleted list', icon: List },
  { action: 'numbers', label: 'Numbered list', icon: ListOrdered },
  { action: 'quote', label: 'Quote', icon: TextQuote },
];

/** The keys that format as in a word processor: Ctrl (⌘ on a Mac) with B, I or K. */
const SHORTCUTS: Record<string, MarkdownAction> = { b: 'bold', i: 'italic', k: 'link' };

/** Applies a style to the textarea's selection, then puts the selection back on the words once React has the new text. */
function formatSelection(area: HTMLTextAreaElement, action: MarkdownAction, onChange: (text: string) => void) {
  const edit = applyMarkdown(action, { text: area.value, start: area.selectionStart, end: area.selectionEnd });
  onChange(edit.text);
  requestAnimationFrame(() => {
    area.focus();
    area.setSelectionRange(edit.start, edit.end);
  });
}

/** The body's own key handler: Ctrl+B, Ctrl+I and Ctrl+K style the selection as the toolbar's buttons do. */
export function formatOnShortcut(event: KeyboardEvent<HTMLTextAreaElement>, onChange: (text: string) => void) {
  const action = SHORTCUTS[event.key.toLowerCase()];
  if (!action || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  event.preventDefault();
  formatSelection(event.currentTarget, action, onChange);
}

type Props = {
  /** The id of the body's textarea, which the toolbar formats. */
  target: string;
  onChange(text: string): void;
};

/**
 * Formatting for the Markdown body, for those who do not write Markdown: each button applies
 * its style to the selection and puts the selection back in the text. A toolbar as WAI-ARIA
 * describes it: one Tab stop, the arrow keys between its buttons.
 */
export function MarkdownToolbar({ target, onChange }: Props) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const apply = (action: MarkdownAction) => {
    const area = document.getElementById(target);
    if (area instanceof HTMLTextAreaElement) formatSelection(area, action, onChange);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const jump = { Home: 0, End: BUTTONS.length - 1 }[event.key];
    if (step === undefined && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (active + step! + BUTTONS.length) % BUTTONS.length;
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="bo-toolbar" role="toolbar" aria-label="Formatting" aria-controls={target} onKeyDown={onKeyDown}>
      {BUTTONS.map((button, index) => (
        <button
          key={button.action}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          className="bo-button bo-button-quiet bo-button-icon"
          tabIndex={index === active ? 0 : -1}
          title={button.label}
          onFocus={() => setActive(index)}
          onClick={() => apply(button.action)}
        >
          <Icon svg={button.icon} size={17} />
          <span className="visually-hidden">{button.label}</span>
        </button>
      ))}
    </div>
  );
}
