import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadAverage, median, waitFor } from '../lib/bench-rounds.ts';
import { startLocalServer } from '../lib/local-server.ts';
import { throwawayPostgres } from '../lib/throwaway-postgres.ts';

/**
 * Time from POST /api/v1/cms/publish to the new site live, against the real server: the
 * embedded database, or a throwaway PostgreSQL database beside DATABASE_URL's when it is set.
 * `--posts N` first publishes N posts through the API (and waits for the build they cause),
 * so the figure is for a site of that size. Needs the built site (`npm run build`).
 *
 *   npm run bench:publish -- --posts 1000 --runs 3
 *   npm run bench:publish -- --posts 1000 --edit-post      a published post's title changed instead (a republish)
 *   npm run bench:publish -- --posts 1000 --edit-post --restart [--prepare]
 *       the server restarted after the setup, so the first save meets a builder not yet loaded;
 *       --prepare sends the editor's "builder, get ready" call --writing-seconds (default 10) before each save
 */
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '0' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '4371' },
    'edit-post': { type: 'boolean', default: false },
    restart: { type: 'boolean', default: false },
    prepare: { type: 'boolean', default: false },
    'writing-seconds': { type: 'string', default: '10' },
    'build-timeout': { type: 'string', default: '600' },
  },
});
const postCount = Number(values.posts);
const runs = Number(values.runs);
/** The longest any one build is waited for before the bench gives up and says so. */
const BUILD_TIMEOUT_MS = Number(values['build-timeout']) * 1000;

const postgres = process.env.DATABASE_URL ? await throwawayPostgres(process.env.DATABASE_URL, 'publish') : null;
const serverEnv = {
  PORT: values.port,
  TWO_FACTOR_ENABLED: 'false',
  ADMIN_EMAIL: 'admin@shannon-insurance.ie',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
};
let server = await startLocalServer(serverEnv);
/** The first server's data folder, which a restart carries on with and the end removes. */
let keptDataDir: string | undefined;

type Build = { id: string; status: string; error: string | null; queuedAt: string; startedAt: string | null; finishedAt: string | null };

try {
  const signIn = async () => {
    const login = await fetch(`${server.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ email: 'admin@shannon-insurance.ie', password: 'measuring password' }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);
    return cookie;
  };
  let cookie = await signIn();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: { cookie, origin: server.base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const builds = async () => (await call('GET', '/api/v1/cms/publish')).builds as Build[];
  /** Waits until no build is queued or building; returns the latest. */
  const settled = () =>
    waitFor(
      'the queued builds to finish',
      async () => {
        const list = await builds();
        return list.some((build) => build.status === 'queued' || build.status === 'building') ? undefined : (list[0] ?? null);
      },
      { timeoutMs: BUILD_TIMEOUT_MS },
    );

  if (postCount > 0) {
    const started = performance.now();
    for (let i = 0; i < postCount; i++) {
      await call('POST', '/api/v1/posts/create', {
        title: `Measured post ${i}`,
        body: `A post to give the site its size.\n\n${'Fleet, van and truck cover. '.repeat(40)}`,
        status: 'published',
      });
    }
    console.log(`published ${postCount} posts in ${((performance.now() - started) / 1000).toFixed(1)} s; waiting for the build they cause…`);
    // The rebuild job notices changed posts within its check interval; give it time to queue, then wait.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await settled();
  }

  /** Waits for the first build `match` names to be live or failed. */
  const finished = (what: string, match: (b: Build) => boolean): Promise<Build> =>
    waitFor(what, async () => (await builds()).find((b) => match(b) && (b.status === 'live' || b.status === 'failed')), {
      timeoutMs: BUILD_TIMEOUT_MS,
    });

  // --edit-post: a published post's title changed (a republish, which renders that post's page
  // and the lists); otherwise a content value published (which renders every page).
  let edit: (run: number) => Promise<Build>;
  if (values['edit-post']) {
    const { post } = (await call('POST', '/api/v1/posts/create', { title: 'Republish measurement 0', body: 'A post to edit.', status: 'published' })) as {
      post: { _id: string };
    };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await settled();
    edit = async (run) => {
      // The save is in the first build that starts after it: a build already queued when it
      // lands takes it along (no build of its own follows), so waiting for a new build's id hung.
      await settled();
      const savedAt = Date.now();
      await call('PUT', `/api/v1/posts/update/${post._id}`, { title: `Republish measurement ${run}`, body: 'A post to edit.', status: 'published' });
      return finished('the build that carries the saved post', (b) => b.startedAt !== null && Date.parse(b.startedAt) >= savedAt);
    };
  } else {
    // A section of its own: the seeded content already has one per page (a 'Home' would be refused as a duplicate).
    const [section] = [(await call('POST', '/api/v1/cms/section/', { name: 'Publish measurement' })).section as { id: string }];
    const element = (await call('POST', '/api/v1/cms/element/create', { sectionId: section.id, name: 'headline', fieldType: 'text', value: 'Run 0' }))
      .element as { id: string };
    edit = async (run) => {
      await call('PUT', `/api/v1/cms/element/update/${element.id}`, { value: `Run ${run}` });
      const { build } = (await call('POST', '/api/v1/cms/publish')) as { build: Build };
      return finished(`build ${build.id}`, (b) => b.id === build.id);
    };
  }
  if (values.restart) {
    // The same database and data folder (the builds live there), a new process: its builder is not loaded.
    await server.stop({ keepData: true });
    keptDataDir = server.dataDir;
    server = await startLocalServer({ ...serverEnv, DATA_DIR: keptDataDir });
    cookie = await signIn();
  }
  const times: number[] = [];
  for (let run = 1; run <= runs; run++) {
    if (values.prepare) {
      // The editor opened: the builder gets ready while the post is written.
      await call('POST', '/api/v1/cms/publish/prepare');
      await new Promise((resolve) => setTimeout(resolve, Number(values['writing-seconds']) * 1000));
    }
    const started = performance.now();
    const done = await edit(run);
    if (done.status === 'failed') throw new Error(`build failed: ${done.error}`);
    const ms = performance.now() - started;
    times.push(ms);
    console.log(`run ${run}: ${values['edit-post'] ? 'post saved' : 'publish'} → live in ${(ms / 1000).toFixed(1)} s`);
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `database: ${postgres ? 'PostgreSQL' : 'PGlite'}, extra posts: ${postCount}, runs: ${runs}${values.restart ? ', after a restart' : ''}${values.prepare ? ', editor opened first' : ''}, publish → live: median ${seconds(median(times))} (fastest ${seconds(Math.min(...times))}, slowest ${seconds(Math.max(...times))}); ${loadAverage()}`,
  );
} finally {
  await server.stop();
  if (keptDataDir) rmSync(keptDataDir, { recursive: true, force: true });
  await postgres?.drop();
}
