import { useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './Icon.tsx';

export type ToolbarButton = {
  key: string;
  label: string;
  /** A lucide-static icon. */
  icon: string;
  /** For a style that is on or off at the cursor (bold, a list): read out and drawn as pressed. */
  pressed?: boolean;
  disabled?: boolean;
  /** A gap before this button, between groups of buttons. */
  groupStart?: boolean;
  onClick(): void;
};

type Props = {
  label: string;
  /** The id of the field the buttons act on. */
  controls: string;
  buttons: ToolbarButton[];
};

/**
 * Icon buttons as WAI-ARIA describes a toolbar: one Tab stop, the arrow keys, Home and End
 * between its buttons; each button's name is its label, shown as a tooltip too. It stays one
 * row, what does not fit scrolling into view as the arrows reach it, unless its place wraps it
 * (a post's body and a page's texts, rich-text.css: no button hidden past the edge of a phone).
 */
export function Toolbar({ label, controls, buttons }: Props) {
  const [active, setActive] = useState(0);
  const elements = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const jump = { Home: 0, End: buttons.length - 1 }[event.key];
    if (step === undefined && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (active + step! + buttons.length) % buttons.length;
    setActive(next);
    elements.current[next]?.focus();
  };

  return (
    // data-scrolls: on a phone the row scrolls sideways rather than wrap (kit.css shows the cut edge).
    <div className="bo-toolbar" role="toolbar" aria-label={label} aria-controls={controls} onKeyDown={onKeyDown} data-scrolls="">
      {buttons.map((button, index) => (
        <button
          key={button.key}
          ref={(element) => {
            elements.current[index] = element;
          }}
          type="button"
          className={button.groupStart ? 'bo-button bo-button-quiet bo-button-icon bo-toolbar-group' : 'bo-button bo-button-quiet bo-button-icon'}
          tabIndex={index === active ? 0 : -1}
          title={button.label}
          aria-pressed={button.pressed}
          disabled={button.disabled}
          onFocus={() => setActive(index)}
          // The editor keeps its selection: a mouse press on a button does not take the focus from the text.
          onMouseDown={(event) => event.preventDefault()}
          onClick={button.onClick}
        >
          <Icon svg={button.icon} size={17} />
          <span className="visually-hidden">{button.label}</span>
        </button>
      ))}
    </div>
  );
}
