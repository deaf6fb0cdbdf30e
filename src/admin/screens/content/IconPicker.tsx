import { useEffect, useRef, useState } from 'react';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { ICON_CHOICES, iconWords } from './icon-choices.ts';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (name: string) => void;
};

/**
 * An entry's icon, chosen by sight rather than typed as a name: the current icon with its name,
 * and a grid of radio tiles that "Change" opens over the form, as a popover. Radios give the
 * grid its keyboard use for free (arrow keys move and choose); Escape, Done, a click elsewhere
 * or Tab out of it closes it.
 */
export function IconPicker({ id, label, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // A press outside, or the focus leaving (Tab), closes it, as a menu does.
  useEffect(() => {
    const box = field.current;
    if (!open || !box) return;
    const away = (event: PointerEvent) => {
      if (!box.contains(event.target as Node)) setOpen(false);
    };
    const left = (event: FocusEvent) => {
      if (!box.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    box.addEventListener('focusout', left);
    return () => {
      document.removeEventListener('pointerdown', away);
      box.removeEventListener('focusout', left);
    };
  }, [open]);
  const current = ICON_CHOICES.find((choice) => choice.name === value);
  const choices = current || !value ? ICON_CHOICES : [{ name: value, svg: '' }, ...ICON_CHOICES];

  return (
    <div ref={field} className="ui-field content-icon-field">
      <span className="ui-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="content-icon-current">
        <span className="content-icon-tile" aria-hidden="true">
          {current ? <Icon svg={current.svg} size={22} /> : null}
        </span>
        <span>{value ? iconWords(value) : 'None'}</span>
        <button
          ref={trigger}
          type="button"
          className="bo-button bo-button-quiet"
          aria-expanded={open}
          aria-controls={`${id}-choices`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Done' : 'Change'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
      <fieldset
        id={`${id}-choices`}
        className="content-icon-grid"
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Escape closes the grid, not the editor around it.
          event.stopPropagation();
          setOpen(false);
          trigger.current?.focus();
        }}
      >
        <legend className="visually-hidden">{label}</legend>
        {choices.map((choice) => (
          <label key={choice.name} className="content-icon-choice" title={iconWords(choice.name)}>
            <input
              type="radio"
              className="content-icon-radio"
              name={`${id}-icon`}
              value={choice.name}
              checked={choice.name === value}
              onChange={() => onChange(choice.name)}
            />
            {choice.svg ? <Icon svg={choice.svg} size={22} /> : <span className="content-icon-name">{choice.name}</span>}
            <span className="visually-hidden">{iconWords(choice.name)}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
