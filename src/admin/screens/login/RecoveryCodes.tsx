import { useEffect, useRef } from 'react';

/** Shown once, right after setup: the ten single-use recovery codes. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="bo-form-fields">
      <h1 ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h1>
      <p>
        If you lose your phone, each of these codes lets you sign in once instead of a code from the app. Keep them somewhere safe: they will not be shown
        again.
      </p>
      <ul className="bo-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="bo-form-actions">
        <button type="button" className="bo-button bo-button-primary" onClick={onContinue}>
          I have saved my codes
        </button>
      </div>
    </div>
  );
}
