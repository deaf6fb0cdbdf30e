import { showError, toast } from '#src/ui/dialogs.ts';
import '../api-tokens/api-tokens.css';

/** Where the Standard Webhooks specification says how a receiver checks a signature. */
export const STANDARD_WEBHOOKS_HREF = 'https://www.standardwebhooks.com/';

type Props = { secret: string; title: string; children?: React.ReactNode };

/**
 * A signing secret shown once, to copy: the server answers it when an endpoint is added or its
 * secret replaced, and never again. It lives only in this screen's state.
 */
export function SigningSecret({ secret, title, children }: Props) {
  return (
    <div className="bo-panel bo-token-once">
      <h2>{title}</h2>
      <p>This is the only time the signing secret is shown. Store it in the other system’s settings; if it is lost, replace it from this webhook’s screen.</p>
      <label htmlFor="signing-secret">Signing secret</label>
      <div className="bo-token-row">
        <input id="signing-secret" className="ui-input bo-token-value" readOnly value={secret} onFocus={(event) => event.currentTarget.select()} />
        <button
          type="button"
          className="bo-button"
          onClick={() => {
            void navigator.clipboard.writeText(secret).then(
              () => toast('Signing secret copied.'),
              () => showError('Copying was refused by the browser: select the secret and copy it.'),
            );
          }}
        >
          Copy
        </button>
      </div>
      <p className="bo-hint">
        Each delivery carries the <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers of{' '}
        <a href={STANDARD_WEBHOOKS_HREF} target="_blank" rel="noreferrer">
          Standard Webhooks
        </a>
        : the receiver checks the signature with this secret and drops a message whose <code>webhook-id</code> it has seen.
      </p>
      {children}
    </div>
  );
}
