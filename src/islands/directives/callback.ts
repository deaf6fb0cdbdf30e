import type { ClientDirective } from 'astro';
import { loadChunk } from '#src/lib/chunk-load.ts';

/**
 * `client:callback` — the callback modal costs nothing until it is wanted: its island loads
 * only when the address asks for it (?modal=open&modalName=callback) or when the visitor
 * presses a "Request a callback" control (any element with data-callback-open).
 */
const callbackDirective: ClientDirective = (load, _options, _element) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    document.removeEventListener('click', onClick);
    // Named ChunkLoadError and given up after 120 s; the page then reloads once (ui/chunk-recovery.ts).
    const hydrate = await loadChunk(load);
    await hydrate();
  };
  const onClick = (event: MouseEvent) => {
    const trigger = event.target instanceof Element ? event.target.closest('[data-callback-open]') : null;
    if (!trigger || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // A loading placeholder on the control until the modal's script has arrived.
    trigger.setAttribute('aria-busy', 'true');
    trigger.classList.add('is-loading');
    window.addEventListener(
      'callback:ready',
      () => {
        trigger.removeAttribute('aria-busy');
        trigger.classList.remove('is-loading');
      },
      { once: true },
    );
    const url = new URL(window.location.href);
    url.searchParams.set('modal', 'open');
    url.searchParams.set('modalName', 'callback');
    history.pushState(history.state, '', url);
    void start();
  };
  const params = new URLSearchParams(window.location.search);
  if (params.get('modal') === 'open' && params.get('modalName') === 'callback') {
    void start();
  } else {
    document.addEventListener('click', onClick);
  }
};

export default callbackDirective;
