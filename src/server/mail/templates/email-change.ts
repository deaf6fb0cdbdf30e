import { html, raw } from 'hono/html';

const BUTTON = 'background:#0b3d5c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none';

/** To the new address: the link that makes the change take effect. */
export async function emailChangeConfirmMail(options: { brand: string; firstName: string; link: string; hours: number }) {
  const { brand, firstName, link, hours } = options;
  const text = [
    `Hello ${firstName},`,
    '',
    `This address was given as the new email of your ${brand} back-office account.`,
    `To confirm it, open this link within ${hours} hours (you will be asked to sign in if you are not):`,
    '',
    link,
    '',
    'Until then your account keeps its current email address. If you did not expect this, ignore this mail.',
  ].join('\n');
  // hono/html escapes every interpolated value.
  const body = html`<!doctype html>
<html lang="en-IE"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
<p>Hello ${firstName},</p>
<p>This address was given as the new email of your ${brand} back-office account.
To confirm it, use this link within ${hours} hours (you will be asked to sign in if you are not):</p>
<p><a href="${link}" style="${BUTTON}">Confirm my new email address</a></p>
<p>Or copy this address into your browser:<br>${link}</p>
<p>Until then your account keeps its current email address. If you did not expect this, ignore this mail.</p>
${raw('</body></html>')}`;
  return { subject: `Confirm your new ${brand} email address`, text, html: String(await body) };
}

/** To the old address: word that a change was asked for, so its owner can act if it was not them. */
export async function emailChangeNoticeMail(options: { brand: string; firstName: string; newEmail: string }) {
  const { brand, firstName, newEmail } = options;
  const text = [
    `Hello ${firstName},`,
    '',
    `Someone asked to change the email address of your ${brand} back-office account to ${newEmail}.`,
    'The change takes effect only when the link we sent to that address is used; until then this address stays on the account.',
    '',
    'If this was not you, change your password and tell an administrator straight away.',
  ].join('\n');
  const body = html`<!doctype html>
<html lang="en-IE"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
<p>Hello ${firstName},</p>
<p>Someone asked to change the email address of your ${brand} back-office account to <strong>${newEmail}</strong>.</p>
<p>The change takes effect only when the link we sent to that address is used; until then this address stays on the account.</p>
<p>If this was not you, change your password and tell an administrator straight away.</p>
${raw('</body></html>')}`;
  return { subject: `A change of your ${brand} email address was requested`, text, html: String(await body) };
}
