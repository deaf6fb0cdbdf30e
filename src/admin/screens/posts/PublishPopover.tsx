import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { DUBLIN_TIME_NOTE } from '#src/lib/dublin-time.ts';
import { dateFieldLang } from '#src/ui/date-field-lang.ts';
import { scheduleProblem, tomorrowMorning } from './publish-actions.ts';
import { DateInWords } from '#src/admin/kit/DateInWords.tsx';

type Props = {
  /** True while a save is under way: the button waits. */
  busy: boolean;
  disabled: boolean;
  /** Publish at once. */
  onPublish(): void;
  /** Publish at `local` (a datetime-local value). */
  onSchedule(local: string): void;
};

/** The least room kept between the popover and the window's edges. */
const MARGIN = 8;

/**
 * A draft's main action, as Ghost's: "Publish" opens a small popover under the button that asks
 * when (now, or at a date and time) and confirms with one more press. Escape or Cancel closes it
 * and returns to the button; a click elsewhere closes it too.
 */
export function PublishPopover({ busy, disabled, onPublish, onSchedule }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(tomorrowMorning);
  const [problem, setProblem] = useState('');
  const [place, setPlace] = useState<CSSProperties>({});
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Under the button, its right edge at the button's, moved in to stay inside the window.
  useLayoutEffect(() => {
    if (!open || !root.current || !panel.current) return;
    const box = root.current.getBoundingClientRect();
    const width = panel.current.offsetWidth;
    const left = Math.min(Math.max(MARGIN - box.left, box.width - width), window.innerWidth - MARGIN - box.left - width);
    setPlace({ left });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const confirm = () => {
    if (when === 'now') {
      setOpen(false);
      return onPublish();
    }
    const wrong = scheduleProblem(at);
    if (wrong) return setProblem(wrong);
    setOpen(false);
    onSchedule(at);
  };

  return (
    <div ref={root} className="bo-publish-menu">
      <button
        ref={button}
        type="button"
        className="bo-button bo-button-primary"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        disabled={disabled || busy}
        onClick={() => (open ? setOpen(false) : setOpen(true))}
      >
        {busy ? 'Saving…' : 'Publish'}
      </button>
      {open && (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="dialog"
          aria-labelledby={`${id}-title`}
          className="bo-publish-popover"
          style={place}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            close();
          }}
        >
          <h2 id={`${id}-title`} className="bo-publish-popover-title">
            Ready to publish?
          </h2>
          <fieldset className="bo-publish-when">
            <legend className="visually-hidden">When</legend>
            <label className="bo-check-line">
              {/* biome-ignore lint/a11y/noAutofocus: the popover opens to be answered; its first choice is where that starts */}
              <input type="radio" name={`${id}-when`} checked={when === 'now'} autoFocus onChange={() => setWhen('now')} />
              <span>Publish now</span>
            </label>
            <label className="bo-check-line">
              <input type="radio" name={`${id}-when`} checked={when === 'later'} onChange={() => setWhen('later')} />
              <span>Schedule for later</span>
            </label>
          </fieldset>
          {when === 'later' && (
            <div className="ui-field">
              <label className="ui-label" htmlFor={`${id}-at`}>
                Date and time
              </label>
              <input
                id={`${id}-at`}
                className="ui-input"
                type="datetime-local"
                lang={dateFieldLang}
                value={at}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-zone ${id}-problem` : `${id}-zone`}
                onChange={(event) => {
                  setAt(event.target.value);
                  setProblem('');
                }}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  confirm();
                }}
              />
              <DateInWords value={at} />
              <p id={`${id}-zone`} className="bo-hint">
                {DUBLIN_TIME_NOTE}
              </p>
              {problem && (
                <p id={`${id}-problem`} className="ui-field-error">
                  {problem}
                </p>
              )}
            </div>
          )}
          <div className="bo-publish-popover-actions">
            <button type="button" className="bo-button bo-button-primary" onClick={confirm}>
              {when === 'now' ? 'Publish now' : 'Schedule'}
            </button>
            <button type="button" className="bo-button bo-button-quiet" onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
