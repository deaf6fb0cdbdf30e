import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Spinner } from '#src/ui/Spinner.tsx';
import { messageOf } from '#src/api/client.ts';
import { showError } from '#src/ui/dialogs.ts';
import { generateSecret, skipTwoFactor } from '#src/admin/stores/session.ts';
import { TwoFactorVerify } from './TwoFactorVerify.tsx';

/** Spec constant: the QR image is 250 px square. */
export const QR_SIZE = 250;

type Props = { allowSkip: boolean; onDone: (recoveryCodes: string[] | undefined) => void; onBack: () => void };

/** Internal page 5: step 1 shows the QR code (a spinner while it loads), step 2 checks a code. */
export function TwoFactorSetup({ allowSkip, onDone, onBack }: Props) {
  const [step, setStep] = useState<1 | 2>(1);
  const [qr, setQr] = useState<{ image: string; secret: string } | null>(null);
  const [skipping, setSkipping] = useState(false);

  useEffect(() => {
    let cancelled = false;
    generateSecret()
      .then(async ({ secret, otpauthUrl }) => {
        const image = await QRCode.toDataURL(otpauthUrl, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' });
        if (!cancelled) setQr({ image, secret });
      })
      .catch((error: unknown) => showError(messageOf(error)));
    return () => {
      cancelled = true;
    };
  }, []);

  if (step === 2) return <TwoFactorVerify heading="Set up two-factor authentication: step 2 of 2" onVerified={onDone} onBack={onBack} />;

  const skip = async () => {
    setSkipping(true);
    try {
      await skipTwoFactor();
      onDone(undefined);
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setSkipping(false);
    }
  };

  return (
    <div className="bo-form-fields">
      <h1>Set up two-factor authentication: step 1 of 2</h1>
      <ol className="bo-steps">
        <li>Install an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 2FAS.</li>
        <li>In the app, add an account and scan this QR code.</li>
        <li>Press Next and enter the 6-digit code the app shows.</li>
      </ol>
      <div className="bo-qr">
        {qr ? (
          <img src={qr.image} width={QR_SIZE} height={QR_SIZE} alt="QR code to add this account to your authenticator app" />
        ) : (
          <Spinner label="Loading the QR code" />
        )}
      </div>
      {qr && (
        <p className="bo-hint">
          Can’t scan it? Enter this key in the app instead: <code className="bo-secret">{qr.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </p>
      )}
      <div className="bo-form-actions">
        <button type="button" className="bo-button bo-button-primary" disabled={!qr} onClick={() => setStep(2)}>
          Next
        </button>
        {allowSkip && (
          <button type="button" className="bo-button" disabled={skipping} onClick={skip}>
            Skip
          </button>
        )}
        <button type="button" className="bo-button bo-button-link" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </div>
  );
}
