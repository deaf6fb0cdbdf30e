import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '#tools/lib/local-server.ts';
import { serverDatabase } from '../support/server-database.ts';
import { solve } from '#tools/lib/solve-human-check.ts';
import { EXIT_UNCAUGHT } from '#src/server/ops/process-handlers.ts';

/**
 * Error reporting and traces are configuration: the real server, started as production starts
 * it (with the preload), sends OpenTelemetry traces of its HTTP requests, its PostgreSQL
 * statements (when DATABASE_URL is set) and an SMTP send to a local OTLP receiver; an
 * uncaught exception reaches a local Sentry endpoint, without the personal data its message
 * held, and the process exits EXIT_UNCAUGHT. With neither set, no module of Sentry or of
 * OpenTelemetry's SDK is loaded at all.
 */
type Received = { path: string; body: Buffer };

/** A local HTTP listener standing in for an OTLP collector and a Sentry server: it keeps every POST. */
async function receiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const visitor = {
  name: 'Tadhg Ó Súilleabháin',
  email: 'tadhg.trace.test@example.ie',
  phone: '086 135 7924',
  subject: 'Van insurance',
  message: 'Morning calls.',
};

describe('traces over OTLP', () => {
  let otlp: Awaited<ReturnType<typeof receiver>>;
  let smtp: SMTPServer;
  let smtpPort = 0;
  let mails = 0;
  let spans = '';
  let database: Awaited<ReturnType<typeof serverDatabase>> | undefined;

  beforeAll(async () => {
    otlp = await receiver();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          mails++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
    database = await serverDatabase();
    const server = await startLocalServer({
      ...database.env,
      PORT: '4742',
      DIST_DIR: '/nonexistent',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TRUST_PROXY: 'true',
    });
    try {
      const { challenge } = (await (await fetch(`${server.base}/api/v1/challenge`)).json()) as { challenge: Challenge };
      const answer = await fetch(`${server.base}/api/v1/contacts/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
        body: JSON.stringify({ ...visitor, humanCheck: solve(challenge) }),
      });
      expect(answer.status).toBe(201);
      // The outbox job sends the sales team's mail within a few seconds.
      for (let waited = 0; mails === 0 && waited < 30_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await server.stop();
    }
    spans = otlp.received
      .filter((r) => r.path === '/v1/traces')
      .map((r) => r.body.toString('latin1'))
      .join('\n');
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
    await otlp?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('exports the service’s HTTP request spans to the endpoint', () => {
    expect(spans).toContain('broker-site');
    expect(spans).toContain('@opentelemetry/instrumentation-http');
    expect(spans).toMatch(/POST/);
  });

  it('exports a span for the mail sent over SMTP, naming no recipient', () => {
    expect(mails).toBeGreaterThan(0);
    expect(spans).toContain('smtp send');
    expect(spans).not.toContain(visitor.email);
  });

  it('exports the PostgreSQL statements (the embedded database has no driver to trace), never their values', () => {
    if (process.env.DATABASE_URL) expect(spans).toContain('@opentelemetry/instrumentation-pg');
    else expect(spans).not.toContain('@opentelemetry/instrumentation-pg');
    expect(spans).not.toContain(visitor.phone);
  });
});

/** Runs a script in a process started as the server is (the preload first), with these settings. */
function runWithPreload(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', './src/server/observability/preload.ts', '--input-type=module', '-e', script],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

describe('error reporting through Sentry', () => {
  it('reports an uncaught exception without the personal data in its message, then exits', async () => {
    const sentry = await receiver();
    try {
      const { code, stderr } = await runWithPreload(
        `import { createLogger } from './src/server/log.ts';
         import { installProcessHandlers } from './src/server/ops/process-handlers.ts';
         installProcessHandlers(createLogger('info'));
         setTimeout(() => { throw new Error('Failed query: insert into "contacts"\\nparams: ${visitor.email},${visitor.phone}'); }, 10);`,
        { SENTRY_DSN: `${sentry.url.replace('http://', 'http://publickey@')}/42` },
      );
      expect(code).toBe(EXIT_UNCAUGHT);
      expect(JSON.parse(stderr.trim().split('\n').at(-1)!)).toMatchObject({ level: 'fatal', msg: 'uncaught exception; exiting' });
      const envelopes = sentry.received.filter((r) => r.path.startsWith('/api/42/envelope'));
      expect(envelopes.length).toBeGreaterThan(0);
      const sent = envelopes.map((r) => r.body.toString('utf8')).join('\n');
      expect(sent).toContain('Failed query');
      for (const text of [sent, stderr]) {
        expect(text).not.toContain(visitor.email);
        expect(text).not.toContain(visitor.phone);
      }
    } finally {
      await sentry.close();
    }
  });

  it('logs and reports an unhandled rejection and keeps the process running', async () => {
    const sentry = await receiver();
    try {
      const { code, stderr } = await runWithPreload(
        `import { createLogger } from './src/server/log.ts';
         import { installProcessHandlers } from './src/server/ops/process-handlers.ts';
         import { flushErrorReports } from './src/server/ops/error-reporting.ts';
         installProcessHandlers(createLogger('info'));
         Promise.reject(new Error('a stray failure'));
         setTimeout(async () => { await flushErrorReports(2000); console.error(JSON.stringify({ msg: 'still running' })); }, 200);`,
        { SENTRY_DSN: `${sentry.url.replace('http://', 'http://publickey@')}/42` },
      );
      expect(code).toBe(0);
      const lines = stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string });
      expect(lines.map((line) => line.msg)).toEqual(['unhandled promise rejection', 'still running']);
      expect(sentry.received.map((r) => r.body.toString('utf8')).join('\n')).toContain('a stray failure');
    } finally {
      await sentry.close();
    }
  });
});

describe('with neither SENTRY_DSN nor OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('a server loads no module of Sentry or of OpenTelemetry’s SDK', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'modules-'));
    const record = join(folder, 'modules.txt');
    const previous = process.env.SERVER_NODE_ARGS;
    process.env.SERVER_NODE_ARGS = '--import ./tests/support/record-modules.ts';
    const database = await serverDatabase();
    try {
      const server = await startLocalServer({
        ...database.env,
        PORT: '4743',
        DIST_DIR: '/nonexistent',
        RECORD_MODULES_TO: record,
        SENTRY_DSN: '',
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
      });
      await fetch(`${server.base}/api/v1/challenge`);
      await server.stop();
      const loaded = readFileSync(record, 'utf8').split('\n');
      // The record is real: the server's own modules and its libraries are in it.
      expect(loaded.some((url) => url.endsWith('/src/server/main.ts'))).toBe(true);
      expect(loaded.some((url) => url.includes('/node_modules/pino/'))).toBe(true);
      // prom-client loads OpenTelemetry's API (its no-op until an SDK registers); nothing more.
      expect(loaded.filter((url) => /@sentry|@opentelemetry\/(?!api\/)|import-in-the-middle/.test(url))).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.SERVER_NODE_ARGS;
      else process.env.SERVER_NODE_ARGS = previous;
      rmSync(folder, { recursive: true, force: true });
      await database.drop();
    }
  }, 180_000);
});
