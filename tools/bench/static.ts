import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { canPin, cpuMsOf, hasCommand, LOAD_CORE, onCore, pinToServerCore, SERVER_CORE } from '../lib/cores.ts';
import { startLocalServer } from '../lib/local-server.ts';

/**
 * `npm run bench:static`: the built site's files served by this server and by nginx from the
 * same folder, side by side. wrk runs on one core and both servers on the other (taskset), one
 * run each, alternated, so a busy moment of the machine falls on both; reported per path: each
 * run's requests a second, the server's CPU time per request (from /proc, which a busy
 * machine disturbs less than throughput), and the app's share of nginx. nginx answers with the
 * app's own security headers (read from the app's answer), so both send the same bytes and
 * headers; `--plain-nginx` leaves them out, as a stock nginx would. Both write their request
 * log, to /dev/null. A third, a bare node:http server sending the app's own bytes and headers
 * for each path and doing nothing else (bare-static-server.ts), shows the most any node:http
 * server reaches on the machine at hand, which differs by two between our machines: the
 * app's share of it is the app's own cost. Needs Debian's nginx and wrk (`apt-get install -y nginx wrk`) and a build
 * (`npm run build`); nothing is asserted, only reported.
 *
 *   npm run bench:static -- --rounds 3 --seconds 5 --path /about-us --path /
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    path: { type: 'string', multiple: true, default: ['/about-us'] },
    'plain-nginx': { type: 'boolean', default: false },
    'dist-dir': { type: 'string', default: 'dist' },
  },
});
const rounds = Number(values.rounds);
const distDir = resolve(values['dist-dir']);

for (const tool of ['nginx', 'wrk']) {
  if (!hasCommand(tool)) {
    console.error(`bench:static needs ${tool} (apt-get install -y nginx wrk).`);
    process.exit(2);
  }
}

const server = await startLocalServer({ LOG_LEVEL: 'info', DIST_DIR: distDir });
const nginxDir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
const nginxPort = Number(new URL(server.base).port) + 1;
let bare: ChildProcess | undefined;
try {
  // The server process and every thread it has (libuv's pool included) on the servers' core.
  pinToServerCore(server.pid);

  const appAnswer = await fetch(`${server.base}${values.path[0]}`, { headers: { 'accept-encoding': 'gzip' } });
  const ownHeaders = new Set(['content-type', 'content-length', 'content-encoding', 'etag', 'vary', 'cache-control', 'date', 'connection', 'keep-alive']);
  const addHeaders = values['plain-nginx']
    ? ''
    : [...appAnswer.headers]
        .filter(([name]) => !ownHeaders.has(name))
        .map(([name, value]) => `    add_header ${name} "${value.replaceAll('"', '\\"')}" always;`)
        .join('\n');
  writeFileSync(
    join(nginxDir, 'nginx.conf'),
    `worker_processes 1;
daemon on;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log;
events { worker_connections 1024; }
http {
  access_log /dev/null;
  include /etc/nginx/mime.types;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${distDir};
    gzip_static on;
    etag on;
    add_header cache-control "no-cache" always;
${addHeaders}
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`,
  );
  const [nginxCommand, nginxPre] = onCore(SERVER_CORE, 'nginx');
  execFileSync(nginxCommand, [...nginxPre, '-c', join(nginxDir, 'nginx.conf')]);
  const nginxPid = Number(readFileSync(join(nginxDir, 'nginx.pid'), 'utf8'));
  const nginxWorker = Number(
    execFileSync('pgrep', ['-P', String(nginxPid)])
      .toString()
      .trim()
      .split('\n')[0],
  );

  // The bare server's answers: the app's, byte for byte, as a gzip-asking client gets them.
  const skipped = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const manifest: Record<string, { headers: string[]; body: string }> = {};
  for (const [i, path] of values.path.entries()) {
    const response = await new Promise<IncomingMessage>((done, fail) =>
      get(`${server.base}${path}`, { headers: { 'accept-encoding': 'gzip' } }, done).on('error', fail),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const headers: string[] = [];
    for (let at = 0; at < response.rawHeaders.length; at += 2) {
      const [name, value] = [response.rawHeaders[at]!, response.rawHeaders[at + 1]!];
      if (!skipped.has(name.toLowerCase())) headers.push(name, value);
    }
    const body = join(nginxDir, `bare-${i}.body`);
    writeFileSync(body, Buffer.concat(chunks));
    manifest[path] = { headers, body };
  }
  writeFileSync(join(nginxDir, 'bare.json'), JSON.stringify(manifest));
  const barePort = nginxPort + 1;
  const started = spawn(process.execPath, [join(import.meta.dirname, 'bare-static-server.ts'), join(nginxDir, 'bare.json'), String(barePort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  bare = started;
  await once(started.stdout, 'data');
  pinToServerCore(started.pid);

  const cpuSeconds = (pid: number) => cpuMsOf(pid) / 1000;
  type Run = { rps: number; usPerRequest: number };
  const wrk = (url: string, pid: number): Run => {
    const before = cpuSeconds(pid);
    const [command, pre] = onCore(LOAD_CORE, 'wrk');
    const out = execFileSync(command, [...pre, '-t1', `-c${values.connections}`, `-d${values.seconds}s`, '-H', 'accept-encoding: gzip', url]).toString();
    const cpu = cpuSeconds(pid) - before;
    const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    if (non2xx > 0) throw new Error(`${url}: ${non2xx} answers were not 2xx`);
    return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), usPerRequest: (cpu * 1e6) / requests };
  };

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `wrk -t1 -c${values.connections} -d${values.seconds}s ${canPin ? `on core ${LOAD_CORE}, servers on core ${SERVER_CORE}` : 'not pinned (no taskset or one core)'}, ${rounds} alternated rounds, gzip; nginx ${values['plain-nginx'] ? 'plain' : "with the app's headers"}`,
  );
  for (const path of values.path) {
    const app: Run[] = [];
    const nginx: Run[] = [];
    const bareRuns: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      nginx.push(wrk(`http://127.0.0.1:${nginxPort}${path}`, nginxWorker));
      app.push(wrk(`${server.base}${path}`, server.pid!));
      bareRuns.push(wrk(`http://127.0.0.1:${barePort}${path}`, started.pid!));
    }
    const show = (runs: Run[]) => runs.map((r) => `${Math.round(r.rps)} req/s ${r.usPerRequest.toFixed(1)} µs`).join(', ');
    console.log(`\n${path}\n  nginx: ${show(nginx)}\n  app:   ${show(app)}\n  bare node:http: ${show(bareRuns)}`);
    const ratios = (runs: Run[], base: Run[]) =>
      `${(median(runs.map((r) => r.rps)) / median(base.map((r) => r.rps))).toFixed(2)} by requests a second (medians), ${(median(base.map((r) => r.usPerRequest)) / median(runs.map((r) => r.usPerRequest))).toFixed(2)} by CPU per request`;
    console.log(`  app / nginx: ${ratios(app, nginx)}`);
    console.log(`  bare node:http / nginx: ${ratios(bareRuns, nginx)}`);
    console.log(`  app / bare node:http: ${ratios(app, bareRuns)}`);
  }
  execFileSync('kill', [String(nginxPid)]);
} finally {
  bare?.kill();
  await server.stop();
  rmSync(nginxDir, { recursive: true, force: true });
}
