import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { RecipientOutcome } from '../db/schema.ts';

export type OutgoingMail = {
  id: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html?: string | null | undefined;
  replyTo?: string | null | undefined;
  /** Fixed when the mail was queued: the same on every attempt. */
  messageId: string;
  /** The addresses to deliver to this time (the headers still name everyone): those not yet accepted. */
  envelopeTo: string[];
};

/** What the server said about one address this attempt (the outbox job adds the time). */
export type Delivery = Omit<RecipientOutcome, 'at'>;

/**
 * The whole message failed (no connection, a refused sender or body): `permanent` when the
 * server refused it for good (a 5xx reply), so trying again would get the same answer.
 */
export class MailNotSent extends Error {
  readonly permanent: boolean;
  readonly code: number | undefined;
  constructor(message: string, permanent: boolean, code?: number) {
    super(message);
    this.permanent = permanent;
    this.code = code;
  }
}

/**
 * Delivers one mail and answers per address; throws MailNotSent when nobody got it for a
 * reason that is not about one address. The outbox job decides about retries.
 */
export type MailTransport = {
  kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<Delivery[]>;
  close(): void;
};

function toMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.cc.length ? { cc: mail.cc } : {}),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    messageId: mail.messageId,
    envelope: { from: mail.from, to: mail.envelopeTo },
  };
}

/** The fields nodemailer puts on its errors (see its NodemailerError). */
type SmtpError = Error & { code?: string; responseCode?: number; response?: string; permanent?: boolean; recipient?: string; rejectedErrors?: SmtpError[] };

/** A refusal of one address: 5xx is final, anything else may pass later. */
const refusal = (address: string, error: SmtpError): Delivery => ({
  address,
  result: error.permanent ? 'refused' : 'deferred',
  code: error.responseCode,
  response: (error.response ?? error.message).slice(0, 300),
});

/** Per-address answers: the refused ones from nodemailer's rejectedErrors, everyone else accepted. */
function deliveries(envelopeTo: string[], rejected: SmtpError[] = []): Delivery[] {
  const refused = new Map(rejected.map((error) => [String(error.recipient).toLowerCase(), error]));
  return envelopeTo.map((address) => {
    const error = refused.get(address.toLowerCase());
    return error ? refusal(address, error) : { address, result: 'accepted' };
  });
}

/** Where mails are written as .eml files when there is no SMTP server, each named `<time>-<mail id>.eml`. */
export const outboxFolder = (dataDir: string) => join(dataDir, 'outbox');

/** Socket limits well inside the outbox lease, so a stuck server cannot hold a claimed mail past it. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

/**
 * Real SMTP when `SMTP_URL` is set, over a pool of reused connections (5 by default; the
 * URL's query can change it, e.g. `?maxConnections=10`); otherwise each mail becomes an
 * .eml file under DATA_DIR/outbox.
 */
export function createMailTransport(options: { smtpUrl?: string | undefined; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: options.smtpUrl, pool: true, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(mail) {
        try {
          const info = await smtp.sendMail(toMessage(mail));
          return deliveries(mail.envelopeTo, (info as { rejectedErrors?: SmtpError[] }).rejectedErrors);
        } catch (caught) {
          const error = caught as SmtpError;
          // Every address refused at RCPT TO: that is an answer per address, not a failed connection.
          if (error.rejectedErrors?.length) return deliveries(mail.envelopeTo, error.rejectedErrors);
          // Wrong credentials are this server's configuration, not the mail's fault: keep it until fixed.
          const permanent = error.permanent === true && error.code !== 'EAUTH' && error.code !== 'ENOAUTH';
          throw new MailNotSent(error.message, permanent, error.responseCode);
        }
      },
      close: () => smtp.close(),
    };
  }
  const folder = outboxFolder(options.dataDir);
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made before the first mail, not before every one; made again should it go.
  let folderReady = false;
  const write = async (path: string, message: Buffer, again = true): Promise<void> => {
    if (!folderReady) {
      await mkdir(folder, { recursive: true });
      folderReady = true;
    }
    try {
      await writeFile(path, message);
    } catch (error) {
      if (!again || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      folderReady = false;
      await write(path, message, false);
    }
  };
  return {
    kind: 'files',
    async send(mail) {
      try {
        const info = await writer.sendMail(toMessage(mail));
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        await write(join(folder, `${stamp}-${mail.id}.eml`), info.message as Buffer);
      } catch (error) {
        throw new MailNotSent(error instanceof Error ? error.message : String(error), false);
      }
      return mail.envelopeTo.map((address) => ({ address, result: 'accepted' as const }));
    },
    close: () => writer.close(),
  };
}
