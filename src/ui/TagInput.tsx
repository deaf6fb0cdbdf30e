import { useState, type KeyboardEvent } from 'react';
import { addTag, TAG_KEYS } from './tag-input-rules.ts';
import './ui.css';

type Props = { id: string; label: string; value: string[]; onChange: (tags: string[]) => void; hint?: string };

/** A multi-value input: an entry becomes a tag on comma, Tab or Enter; Backspace in an empty box removes the last. */
export function TagInput({ id, label, value, onChange, hint }: Props) {
  const [draft, setDraft] = useState('');
  const commit = () => {
    if (!draft.trim()) return false;
    onChange(addTag(value, draft));
    setDraft('');
    return true;
  };
  /** Typed or pasted, every comma turns what comes before it into a tag. */
  const onType = (text: string) => {
    const parts = text.split(',');
    const rest = parts.pop() ?? '';
    if (parts.length) onChange(parts.reduce((list, part) => addTag(list, part), value));
    setDraft(rest);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((TAG_KEYS as readonly string[]).includes(event.key)) {
      // Tab only keeps focus here when there is something to add; otherwise it moves on.
      if (commit() || event.key !== 'Tab') event.preventDefault();
    } else if (event.key === 'Backspace' && draft === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      {/* The chosen tags sit in the box they are typed in, as in mail clients' address fields. */}
      <div className="ui-tags-box">
        <ul className="ui-tags" aria-label={`${label} chosen`}>
          {value.map((tag) => (
            <li key={tag} className="ui-tag">
              {tag}
              <button type="button" className="ui-tag-remove" aria-label={`Remove ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          className="ui-input"
          value={draft}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="ui-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
