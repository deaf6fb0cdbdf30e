import { ArrowUpDown, Mail, Phone } from 'lucide-static';
import { telHref } from '#src/lib/phone.ts';
import { Icon } from '../kit/Icon.tsx';
import './action-bar.css';

/** The id of the element around a record's stage bar, which "Change status" brings into view. */
export const RECORD_STATUS_ID = 'record-status';

type Props = {
  phone: string;
  /** The whole mailto: address, with a subject where the record has one. */
  mailto: string;
};

/** Takes the eye and the keyboard to the stage bar: its current stage gets the focus, one Tab from the others. */
function goToStatus() {
  const target = document.getElementById(RECORD_STATUS_ID);
  if (!target) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  target.querySelector<HTMLElement>('[aria-pressed="true"], button')?.focus({ preventScroll: true });
}

/**
 * A record's three everyday actions at the thumb on a phone (below 768 px), as Pipedrive's and
 * HubSpot's apps keep them: Call, Email and the status, fixed over the foot of the screen with room
 * for the home indicator. The page is padded by the bar's height (action-bar.css), so nothing
 * sits under it; at a desk the header holds Call and Email and the bar is not drawn.
 */
export function RecordActionBar({ phone, mailto }: Props) {
  return (
    <section className="bo-action-bar" aria-label="Quick actions">
      <a className="bo-button bo-button-primary" href={telHref(phone)}>
        <Icon svg={Phone} size={16} />
        Call
      </a>
      <a className="bo-button" href={mailto}>
        <Icon svg={Mail} size={16} />
        Email
      </a>
      <button type="button" className="bo-button" aria-controls={RECORD_STATUS_ID} onClick={goToStatus}>
        <Icon svg={ArrowUpDown} size={16} />
        Change status
      </button>
    </section>
  );
}
