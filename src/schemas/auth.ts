import * as v from 'valibot';
import { email, password } from './fields.ts';
import { messages } from './messages.ts';

/** Sign-in: email required and valid; password required (its strength is checked when set, not here). */
export const LoginSchema = v.object(
  { email, password: v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.maxLength(200, messages.required)) },
  messages.required,
);

/** Reset request: the address goes in the path, checked with the same rule as every email field. */
export const ResetRequestSchema = v.object({ email }, messages.required);

/** The reset form: email, the hidden token from the link, and the new password. */
export const ResetSchema = v.object(
  {
    email,
    passwordResetToken: v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(200, 'Invalid reset link')),
    newPassword: password,
  },
  messages.required,
);

/** A 6-digit code from the authenticator app, or one of the recovery codes (xxxxx-xxxxx). */
export const TWO_FACTOR_CODE = /^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i;

export const TwoFactorCodeSchema = v.object(
  {
    token: v.pipe(
      v.string(messages.required),
      v.transform((value) => value.replace(/\s/g, '')),
      v.nonEmpty(messages.required),
      v.regex(TWO_FACTOR_CODE, 'Enter the 6-digit code from your app, or a recovery code'),
    ),
  },
  messages.required,
);
