import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string | null | undefined;
  replyTo?: string | null | undefined;
};

/** Delivers one mail or throws; the outbox job decides about retries. */
export type MailTransport = {
  kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

function toMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    messageId: `<${mail.id}@outbox>`,
  };
}

/** Real SMTP when `SMTP_URL` is set; otherwise each mail becomes an .eml file under DATA_DIR/outbox. */
export function createMailTransport(options: { smtpUrl?: string | undefined; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await smtp.sendMail(toMessage(mail));
      },
      close: () => smtp.close(),
    };
  }
  const folder = join(options.dataDir, 'outbox');
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await writer.sendMail(toMessage(mail));
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(folder, `${stamp}-${mail.id}.eml`), info.message);
    },
    close: () => writer.close(),
  };
}
