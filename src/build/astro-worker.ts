import { build } from 'astro';

/**
 * A long-lived Astro builder (started by astro-process.ts, over IPC): it builds whenever it is
 * told to, with astro, Vite and their code already loaded and warmed by the builds before. A
 * one-post republish at 1,000 posts took 4-5 s through `astro build` in a new process, most
 * of it starting Astro and Vite; here the second and later builds take about 1 s, with the
 * same bytes out. The builds' variables (snapshot folder, the pages a partial build renders)
 * come with each request; everything else is the environment the server had when it started this process.
 */
/** `env`: the build's variables; null unsets one (an earlier build's). */
type BuildRequest = { outDir: string; env: Record<string, string | null> };

// One request at a time: the parent (astro-process.ts) sends the next after this one's answer.
process.on('message', async (request: BuildRequest) => {
  for (const [name, value] of Object.entries(request.env)) {
    if (value === null) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    await build({ root: process.cwd(), outDir: request.outDir, logLevel: 'warn' });
    process.send?.({ ok: true });
  } catch (error) {
    // The message alone: Astro's own log line, in the output the parent keeps, has the stack.
    process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
// The parent gone (a crash, kill -9): nothing is left to build for.
process.on('disconnect', () => process.exit(0));
