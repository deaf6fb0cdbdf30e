import { html, raw } from 'hono/html';

/** The password-reset mail: a plain-text part and an HTML part carrying the same link. */
export async function passwordResetMail(options: { brand: string; firstName: string; link: string; minutes: number }) {
  const { brand, firstName, link, minutes } = options;
  const text = [
    `Hello ${firstName},`,
    '',
    `Someone asked to reset the password of your ${brand} back-office account.`,
    `To choose a new password, open this link within ${minutes} minutes:`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  // hono/html escapes every interpolated value.
  const body = html`<!doctype html>
<html lang="en-IE"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
<p>Hello ${firstName},</p>
<p>Someone asked to reset the password of your ${brand} back-office account.
To choose a new password, use this link within ${minutes} minutes:</p>
<p><a href="${link}" style="background:#0b3d5c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p>Or copy this address into your browser:<br>${link}</p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>
${raw('</body></html>')}`;
  return { subject: `Reset your ${brand} password`, text, html: String(await body) };
}
