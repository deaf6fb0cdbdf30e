import { execFileSync, spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#src/server/log.ts';

/** Runs a small script in a process of its own and returns what it wrote on stdout and stderr. */
const outputOf = (script: string) => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ stdout: string; stderr: string }>((resolve) => child.on('close', () => resolve({ stdout, stderr })));
};
const stdoutOf = (script: string) => execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' });

const importLogger = `import { createLogger } from './src/server/log.ts';`;

/** A logger writing into an array of parsed lines. */
function captured(level: Parameters<typeof createLogger>[0] = 'trace') {
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk));
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: createLogger(level, { destination }), lines, text };
}

describe('the logger', () => {
  it('writes every line, one JSON object each with its level name and an ISO time, even when the process exits at once', () => {
    const out = stdoutOf(`${importLogger}
      const log = createLogger('info');
      for (let i = 0; i < 3; i++) log.info('request', { path: '/a"b', n: i });
      process.exit(0);`);
    const lines = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.level, line.msg, line.path, line.n])).toEqual([
      ['info', 'request', '/a"b', 0],
      ['info', 'request', '/a"b', 1],
      ['info', 'request', '/a"b', 2],
    ]);
    expect(new Date(lines[0].time).toISOString()).toBe(lines[0].time);
  });

  it('writes a line while the process keeps running, not only when it exits', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', `${importLogger} createLogger('info').info('started'); setTimeout(() => {}, 3000);`]);
    const firstLine = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    expect(child.exitCode).toBeNull();
    expect(JSON.parse(firstLine).msg).toBe('started');
    child.kill();
  });

  it('writes errors on stderr and the rest on stdout, each line once', async () => {
    const { stdout, stderr } = await outputOf(`${importLogger}
      const log = createLogger('info');
      log.info('fine'); log.warn('odd'); log.error('broken'); log.fatal('gone');`);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['fine', 'odd']);
    expect(
      stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['broken', 'gone']);
  });

  it('keeps to LOG_LEVEL: nothing on stdout at level error or silent, debug only when asked for', async () => {
    expect(
      stdoutOf(`${importLogger} createLogger('error').info('x'); createLogger('silent').error('y'); createLogger('error').request('GET', '/', 200, 1);`),
    ).toBe('');
    const info = captured('info');
    info.log.debug('hidden');
    info.log.info('shown');
    expect(info.lines.map((line) => line.msg)).toEqual(['shown']);
    const debug = captured('debug');
    debug.log.debug('shown');
    expect(debug.lines.map((line) => line.msg)).toEqual(['shown']);
  });

  it('writes a fast-path request as the line requestLog writes, with the client’s id or a fresh one', () => {
    const { log, lines } = captured('info');
    log.request('GET', '/a"b\u2028', 200, 0.04999);
    log.request('HEAD', '/van-insurance', 304, 12.345, 'client-id-1');
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/a"b\u2028', status: 200, ms: 0 });
    expect(lines[0]!.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(lines[1]).toMatchObject({ reqId: 'client-id-1', method: 'HEAD', status: 304, ms: 12.3 });
  });

  it('gives every line of a child logger its bindings (a request’s id)', () => {
    const { log, lines } = captured('info');
    log.child({ reqId: 'r-42' }).error('unhandled error', { error: new Error('boom') });
    expect(lines[0]).toMatchObject({ reqId: 'r-42', level: 'error', error: { name: 'Error', message: 'boom' } });
  });

  it('redacts personal data and secrets by field name, at any of three depths, but keeps an error’s class name', () => {
    const { log, text, lines } = captured('trace');
    const secrets = {
      email: 'aoife@example.ie',
      phone: '+353 87 111 2222',
      name: 'Aoife Byrne',
      firstName: 'Aoife',
      password: 'correct horse battery',
      token: 'tok-123456789',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      cookie: 'sid=abcdef',
      authorization: 'Bearer xyz-987',
    };
    log.info('top', secrets);
    log.info('nested', { contact: { email: secrets.email, phone: secrets.phone, name: secrets.name }, mail: { to: { name: secrets.name } } });
    log.warn('headers', { req: { headers: { authorization: secrets.authorization, cookie: secrets.cookie, 'set-cookie': 'sid=abcdef' } } });
    log.error('failed', { error: { name: 'DrizzleQueryError', message: 'Failed query' } });
    const all = text.join('');
    for (const value of Object.values(secrets)) expect(all).not.toContain(value);
    expect(lines[0]).toMatchObject({ email: '[redacted]', totpSecret: '[redacted]', authorization: '[redacted]' });
    expect(lines[1]).toMatchObject({ contact: { email: '[redacted]', phone: '[redacted]', name: '[redacted]' }, mail: { to: { name: '[redacted]' } } });
    expect(lines[2]).toMatchObject({ req: { headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]' } } });
    expect(lines[3]).toMatchObject({ error: { name: 'DrizzleQueryError' } });
  });
});
