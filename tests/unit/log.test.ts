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

  it('writes nothing on stdout at level error or silent', () => {
    expect(stdoutOf(`${importLogger} createLogger('error').info('x'); createLogger('silent').info('y');`)).toBe('');
  });
});
