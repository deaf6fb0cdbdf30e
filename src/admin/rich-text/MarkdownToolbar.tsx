import type { KeyboardEvent } from 'react';
import { Bold, Heading2, Italic, Link, List, ListOrdered, TextQuote } from 'lucide-static';
import { FormattingToolbar } from './FormattingToolbar.tsx';
import { applyMarkdown, type MarkdownAction } from './markdown-edits.ts';

const BUTTONS: { action: MarkdownAction; label: string; icon: string; groupStart?: boolean }[] = [
  { action: 'heading', label: 'Heading', icon: Heading2 },
  { action: 'bold', label: 'Bold', icon: Bold, groupStart: true },
  { action: 'italic', label: 'Italic', icon: Italic },
  { action: 'link', label: 'Link', icon: Link },
  { action: 'bullets', label: 'Bulleted list', icon: List, groupStart: true },
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
  /** What a phone keeps in the row (FormattingToolbar). */
  phoneRow?: readonly string[];
  /** Where the row is drawn, when not in place (FormattingToolbar's `slot`). */
  slot?: HTMLElement | null;
};

/** Formatting for the body written as Markdown: each button applies its style to the selection and puts the selection back in the text. */
export function MarkdownToolbar({ target, onChange, phoneRow, slot }: Props) {
  const apply = (action: MarkdownAction) => {
    const area = document.getElementById(target);
    if (area instanceof HTMLTextAreaElement) formatSelection(area, action, onChange);
  };
  return (
    <FormattingToolbar
      controls={target}
      phoneRow={phoneRow}
      slot={slot}
      buttons={BUTTONS.map((button) => ({
        key: button.action,
        label: button.label,
        icon: button.icon,
        groupStart: button.groupStart,
        onClick: () => apply(button.action),
      }))}
    />
  );
}
