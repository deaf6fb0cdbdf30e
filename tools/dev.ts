import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run dev`: Astro's dev server on PORT (default 3000) with the API beside it on
 * DEV_API_PORT, reached through Astro's proxy so the browser sees one origin. Astro reloads
 * pages on change; `node --watch` restarts the API on change.
 */
const port = process.env.PORT ?? '3000';
const apiPort = process.env.DEV_API_PORT ?? '3001';
const astro = join(process.cwd(), 'node_modules', 'astro', 'bin', 'astro.mjs');

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', '--watch-preserve-output', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, DIST_DIR: join(process.cwd(), '.dev-no-static') },
  }),
  spawn(process.execPath, [astro, 'dev', '--port', port], { stdio: 'inherit', env: { ...process.env, DEV_API_PORT: apiPort } }),
];

function stop(code: number) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
