import type { ClientDirective } from 'astro';
import { loadChunk } from '../../lib/chunk-load.ts';

/**
 * `client:interaction` — the server-rendered HTML is shown at once; the island's script loads
 * only when the visitor first points at, touches or tabs into it.
 */
const interactionDirective: ClientDirective = (load, _options, element) => {
  const events = ['pointerenter', 'focusin', 'touchstart'] as const;
  const start = async () => {
    for (const name of events) element.removeEventListener(name, start);
    // Named ChunkLoadError and given up after 120 s; the page then reloads once (ui/chunk-recovery.ts).
    const hydrate = await loadChunk(load);
    await hydrate();
  };
  for (const name of events) element.addEventListener(name, start, { once: true, passive: true });
};

export default interactionDirective;
