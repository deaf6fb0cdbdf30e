import { useState } from 'react';
import { Icon } from '../../kit/Icon.tsx';
import { ICON_CHOICES, iconWords } from './icon-choices.ts';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (name: string) => void;
};

/**
 * An entry's icon, chosen by sight rather than typed as a name: the current icon with its name,
 * and a grid of radio tiles behind "Change". Radios give the grid its keyboard use for free
 * (arrow keys move and choose, Tab leaves).
 */
export function IconPicker({ id, label, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const current = ICON_CHOICES.find((choice) => choice.name === value);
  const choices = current || !value ? ICON_CHOICES : [{ name: value, svg: '' }, ...ICON_CHOICES];

  return (
    <div className="ui-field content-icon-field">
      <span className="ui-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="content-icon-current">
        <span className="content-icon-tile" aria-hidden="true">
          {current ? <Icon svg={current.svg} size={22} /> : null}
        </span>
        <span>{value ? iconWords(value) : 'None'}</span>
        <button type="button" className="bo-button bo-button-quiet" aria-expanded={open} aria-controls={`${id}-choices`} onClick={() => setOpen(!open)}>
          {open ? 'Done' : 'Change'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
      <fieldset id={`${id}-choices`} className="content-icon-grid" hidden={!open}>
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
