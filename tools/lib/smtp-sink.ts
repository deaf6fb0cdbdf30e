import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A loopback SMTP server that takes every mail and keeps only what the measuring scripts count. */
export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>`, for the server's SMTP_URL. */
  url: string;
  /** Each distinct Message-ID received. */
  messageIds: Set<string>;
  /** Mails received, a resent one counted again. */
  copies(): number;
  /** performance.now() when the last mail arrived. */
  lastAt(): number;
  close(): Promise<void>;
};

/**
 * Starts the sink on `port` (0: any free one). The measuring scripts send the server's mail
 * here, as production sends it to its SMTP relay: the server's cost per mail is then the one
 * it has in use (a pooled SMTP connection), not a file written per mail on the disk under test.
 */
export function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messageIds = new Set<string>();
  let copies = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 200,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^Message-ID: *(.+)$/im.exec(head)?.[1]?.trim();
        if (id) messageIds.add(id);
        copies += 1;
        lastAt = performance.now();
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
        messageIds,
        copies: () => copies,
        lastAt: () => lastAt,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
