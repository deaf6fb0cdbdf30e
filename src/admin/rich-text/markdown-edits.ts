/**
 * The Markdown toolbar's edits, free of the page so they can be tested: each takes the text and
 * the selection and answers the new text and selection. Marks wrap the selection (or a
 * placeholder word, selected so typing replaces it); line styles prefix every selected line.
 */
export type Edit = { text: string; start: number; end: number };

export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'bullets' | 'numbers' | 'quote' | 'link';

const WRAPS: Partial<Record<MarkdownAction, { mark: string; placeholder: string }>> = {
  bold: { mark: '**', placeholder: 'bold text' },
  italic: { mark: '_', placeholder: 'italic text' },
};

const PREFIXES: Partial<Record<MarkdownAction, (index: number) => string>> = {
  heading: () => '## ',
  bullets: () => '- ',
  numbers: (index) => `${index + 1}. `,
  quote: () => '> ',
};

export function applyMarkdown(action: MarkdownAction, { text, start, end }: Edit): Edit {
  const chosen = text.slice(start, end);
  const wrap = WRAPS[action];
  if (wrap) {
    const inner = chosen || wrap.placeholder;
    const next = `${text.slice(0, start)}${wrap.mark}${inner}${wrap.mark}${text.slice(end)}`;
    return { text: next, start: start + wrap.mark.length, end: start + wrap.mark.length + inner.length };
  }
  if (action === 'link') {
    const words = chosen || 'link text';
    const next = `${text.slice(0, start)}[${words}](https://)${text.slice(end)}`;
    // The address is what is left to type: the cursor goes after "https://".
    const at = start + words.length + 'https://'.length + 3;
    return { text: next, start: at, end: at };
  }
  const prefix = PREFIXES[action]!;
  // Whole lines: from the start of the first selected line to the end of the last.
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEndAt = text.indexOf('\n', end);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const styled = lines.map((line, index) => `${prefix(index)}${line}`).join('\n');
  const next = `${text.slice(0, lineStart)}${styled}${text.slice(lineEnd)}`;
  return { text: next, start: lineStart, end: lineStart + styled.length };
}
