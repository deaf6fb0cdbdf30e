import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs a small script in a process of its own and returns what it wrote on stdout. */
const stdoutOf = (script: string) => execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' });

const importLogger = `import { createLogger } from './src/server/log.ts';`;

describe('the logger', () => {
  it('writes every info line, one JSON object each, even when the process exits at once', () => {
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
  });

  it('writes a line while the process keeps running, not only when it exits', async () => {
    const child = spawn(process.execPath, [
      '--input-type=module',
      '-e',
      `${importLogger}
      createLogger('info').info('started');
      setTimeout(() => {}, 3000);`,
    ]);
    const firstLine = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    // Still running: the line came from the logger's own flush, not the exit hook.
    expect(child.exitCode).toBeNull();
    expect(JSON.parse(firstLine).msg).toBe('started');
    child.kill();
  });

  it('writes a fast-path request as the very line requestLog writes, in the order things were logged', () => {
    const out = stdoutOf(`${importLogger}
      const log = createLogger('info');
      log.info('before');
      log.request('GET', '/a"b\\u2028', 200, 0.04999);
      log.info('request', { reqId: 'ID', method: 'HEAD', path: '/a"b\\u2028', status: 304, ms: Math.round(12.345 * 10) / 10 });
      log.request('HEAD', '/a"b\\u2028', 304, 12.345);
      log.info('after');
      process.exit(0);`);
    const lines = out.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['before', 'request', 'request', 'request', 'after']);
    const [, fast, app, fastToo] = lines.map((line) => line.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(JSON.parse(fast!).reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(fast!)).toMatchObject({ method: 'GET', path: '/a"b\u2028', status: 200, ms: 0 });
    expect(fastToo!.replace(/"reqId":"[^"]+"/, '"reqId":"ID"')).toBe(app);
    expect(new Date(JSON.parse(lines[1]!).time).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes nothing on stdout at level error or silent', () => {
    expect(
      stdoutOf(`${importLogger} createLogger('error').info('x'); createLogger('silent').info('y'); createLogger('error').request('GET', '/', 200, 1);`),
    ).toBe('');
  });
});
