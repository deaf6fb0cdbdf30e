import { Mail, Phone } from 'lucide-static';
import { telHref } from '#src/lib/phone.ts';
import { Icon } from '../kit/Icon.tsx';
import './action-bar.css';

type Props = {
  phone: string;
  /** The whole mailto: address, with a subject where the record has one. */
  mailto: string;
};

/**
 * A record's two everyday actions at the thumb on a phone (below 768 px), as Pipedrive's and
 * HubSpot's apps keep them: Call and Email, fixed over the foot of the screen with room for the
 * home indicator. The status is the stage bar's alone, at the top of the page: a second way to it here
 * only repeated it. The page is padded by the bar's height (action-bar.css), so nothing
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
    </section>
  );
}
