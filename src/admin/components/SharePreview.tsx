import { useId, useState } from 'react';
import { Copy, Link2 } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { PREVIEW_SHARE_DAYS, type PreviewShareInput, type PreviewShareView } from '#src/schemas/preview-share.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { formatDateTime } from '../format.ts';
import { Icon } from '../kit/Icon.tsx';
import { Panel } from '../kit/Panel.tsx';
import { sharePreview, withdrawShare } from '../stores/previews.ts';

type Props = {
  /** What the link shows: a page with the saved changes, or a post as last saved. */
  target: PreviewShareInput;
  /** What is shown, in words: 'the post as last saved'. */
  shows: string;
};

/**
 * "Share a preview": a link anyone can open without an account, for a colleague or the broker's
 * compliance adviser to read a draft before it is published. Made on request (a build takes a
 * few seconds), shown once with Copy, withdrawable at once, and dead after a week anyway.
 */
export function SharePreview({ target, shows }: Props) {
  const id = useId();
  const [share, setShare] = useState<PreviewShareView | null>(null);
  const [busy, setBusy] = useState(false);

  const make = async () => {
    setBusy(true);
    try {
      setShare(await sharePreview(target));
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!share) return;
    try {
      await navigator.clipboard.writeText(share.url);
      toast('Link copied.');
    } catch {
      // No clipboard (an insecure origin, a refusal): the address is selected for copying by hand.
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
    }
  };
  const withdraw = async () => {
    if (!share) return;
    try {
      toast(await withdrawShare(share._id));
      setShare(null);
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <Panel title="Share a preview">
      {share ? (
        <div className="bo-stack-sm">
          <label htmlFor={`${id}-url`} className="visually-hidden">
            Preview link
          </label>
          <div className="bo-share-link">
            <input id={`${id}-url`} className="bo-input" readOnly value={share.url} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="bo-button" onClick={() => void copy()}>
              <Icon svg={Copy} size={16} />
              Copy
            </button>
          </div>
          <p className="bo-hint">
            Anyone with the link sees {shows}, without signing in, until {formatDateTime(share.expiresAt)}.
          </p>
          <button type="button" className="bo-button bo-button-link" onClick={() => void withdraw()}>
            Stop sharing
          </button>
        </div>
      ) : (
        <div className="bo-stack-sm">
          <p className="bo-hint">
            A link to {shows} for someone without an account, such as a colleague checking the wording. It works for {PREVIEW_SHARE_DAYS} days.
          </p>
          <button type="button" className="bo-button" disabled={busy} onClick={() => void make()}>
            <Icon svg={Link2} size={16} />
            {busy ? 'Making the link…' : 'Make a link'}
          </button>
        </div>
      )}
    </Panel>
  );
}
