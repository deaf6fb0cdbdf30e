import type { ClientDirective } from 'astro';
import { loadChunk } from '#src/lib/chunk-load.ts';
import { HELD_SUBMIT_ATTRIBUTE, ISLAND_LIVE_EVENT } from '#src/ui/early-input.ts';

/**
 * `client:interaction` — the server-rendered HTML is shown at once; the island's script loads
 * only when the visitor first points at, touches or tabs into it. A page then costs no script
 * work while it loads (the quote forms' hydration was most of their pages' blocking time).
 * `client:interaction={['tag', 'q']}` loads it at once when the address carries one of those
 * parameters (the blog list opened on a topic or a search has work to do straight away).
 *
 * What the visitor does before the script has arrived is not lost: a form with no address of
 * its own (one only the island can send) sent meanwhile is held, not left to the browser
 * (which would reload the page), until the island says it is live (`announceLive`,
 * src/ui/early-input.ts), which sends it again after giving the island what was typed.
 */
const interactionDirective: ClientDirective = (load, options, element) => {
  const events = ['pointerenter', 'focusin', 'touchstart'] as const;
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || event.target.hasAttribute('action')) return;
    event.preventDefault();
    event.target.setAttribute(HELD_SUBMIT_ATTRIBUTE, '');
  };
  element.addEventListener('submit', holdSubmit, true);
  element.addEventListener(ISLAND_LIVE_EVENT, () => element.removeEventListener('submit', holdSubmit, true), { once: true });
  const start = async () => {
    for (const name of events) element.removeEventListener(name, start);
    // Named ChunkLoadError and given up after 120 s; the page then reloads once (ui/chunk-recovery.ts).
    const hydrate = await loadChunk(load);
    await hydrate();
  };
  const atOnce = Array.isArray(options.value) ? (options.value as unknown[]).map(String) : [];
  const params = new URLSearchParams(window.location.search);
  if (atOnce.some((name) => params.has(name))) {
    void start();
    return;
  }
  for (const name of events) element.addEventListener(name, start, { once: true, passive: true });
};

export default interactionDirective;
