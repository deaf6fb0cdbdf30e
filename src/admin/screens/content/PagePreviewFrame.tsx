import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Monitor, RefreshCw, Smartphone, ZoomIn } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { highlight, onPick, patchHtml, patchText, prepareDocument } from './preview-document.ts';

/** What the editor does to the page shown: a text or a block of HTML as it is being typed. */
export type PreviewHandle = { text(key: string, text: string): void; html(key: string, html: string): void };

type Props = {
  /** The preview build's address (`/preview/{id}`), null until the first is built. */
  href: string | null;
  /** The page's own path ('/van-insurance'). */
  path: string;
  building: boolean;
  error: string;
  /** The element being edited, outlined on the page. */
  selected: string | null;
  onPick(key: string): void;
  onRefresh(): void;
};

/**
 * How wide the page is drawn: as on a desk (scaled to fit) or as on a phone. The desk's is the
 * site's narrowest desktop layout (its full navigation from 1,024 px): drawn in a pane of the
 * editor, its words stay large enough to read, where 1,280 shrank them to half size.
 */
const WIDTHS = { desktop: 1024, phone: 390 } as const;
/** Below this pane width the desk's page would be drawn at under 0.6 of its size. */
const NARROW_PANE = 600;

/**
 * The page as visitors will see it once published: the draft preview build, framed, with the
 * words being typed patched in at once and every text a target (a click opens its field).
 * A new build replaces the page where it was scrolled to, and keeps what is being typed.
 */
export const PagePreviewFrame = forwardRef<PreviewHandle, Props>(function PagePreviewFrame(
  { href, path, building, error, selected, onPick: pick, onRefresh },
  ref,
) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // Until someone chooses, a pane narrower than a small tablet shows the phone's page at its
  // real size: the desk's, shrunk to a third in it (a 1,024 px window), could not be read.
  const [chosen, setDevice] = useState<keyof typeof WIDTHS | null>(null);
  // The desktop page drawn smaller to fit, or at its real size with the box scrolling sideways.
  const [actualSize, setActualSize] = useState(false);
  const [boxWidth, setBoxWidth] = useState(800);
  /**
   * The page last loaded and prepared, held in a ref rather than state: a change typed between
   * its load (when what was typed is put back) and the next render must still reach it.
   */
  const loadedPage = useRef<Document | null>(null);
  /** What was typed since the build, put back on each new page. */
  const typed = useRef(new Map<string, { text: string } | { html: string }>());
  const scroll = useRef(0);
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const doc = () => {
    const page = frame.current?.contentDocument;
    return page && page === loadedPage.current ? page : null;
  };

  useImperativeHandle(ref, () => ({
    text(key, text) {
      typed.current.set(key, { text });
      const page = doc();
      if (page) patchText(page, key, text);
    },
    html(key, html) {
      typed.current.set(key, { html });
      const page = doc();
      if (page) patchHtml(page, key, html);
    },
  }));

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const sizes = new ResizeObserver(() => setBoxWidth(element.clientWidth));
    sizes.observe(element);
    return () => sizes.disconnect();
  }, []);

  useEffect(() => {
    const page = doc();
    if (page) highlight(page, selected);
  });

  const loaded = () => {
    const page = frame.current?.contentDocument;
    if (!page?.body) return;
    prepareDocument(page);
    for (const [key, patch] of typed.current) 'text' in patch ? patchText(page, key, patch.text) : patchHtml(page, key, patch.html);
    onPick(page, (key) => pickRef.current(key));
    // Where the page was scrolled to is where the next build's page opens.
    const view = frame.current?.contentWindow;
    view?.scrollTo(0, scroll.current);
    view?.addEventListener('scroll', () => {
      scroll.current = view.scrollY;
    });
    highlight(page, selectedRef.current);
    loadedPage.current = page;
  };

  const device = chosen ?? (boxWidth < NARROW_PANE ? 'phone' : 'desktop');
  const width = WIDTHS[device];
  const scale = actualSize ? 1 : Math.min(1, boxWidth / width);
  const src = href ? `${href}${path === '/' ? '/' : path}` : null;
  return (
    <section className="bo-preview" aria-label="Preview of the page">
      <div className="bo-preview-bar">
        <fieldset className="bo-segmented">
          <legend className="visually-hidden">Preview width</legend>
          <button type="button" className="bo-button bo-button-quiet" aria-pressed={device === 'desktop'} onClick={() => setDevice('desktop')}>
            <Icon svg={Monitor} size={16} />
            Desktop
          </button>
          <button type="button" className="bo-button bo-button-quiet" aria-pressed={device === 'phone'} onClick={() => setDevice('phone')}>
            <Icon svg={Smartphone} size={16} />
            Phone
          </button>
        </fieldset>
        <p className="bo-hint" role="status">
          {error ? (
            <span className="bo-error">{error}</span>
          ) : building ? (
            'Updating the preview…'
          ) : (
            'Click a text or image to edit it. Changes show as you type.'
          )}
        </p>
        <button
          type="button"
          className="bo-button bo-button-quiet bo-button-icon"
          aria-pressed={actualSize}
          onClick={() => setActualSize(!actualSize)}
          title="Actual size"
        >
          <Icon svg={ZoomIn} size={16} />
          <span className="visually-hidden">Actual size</span>
        </button>
        <button type="button" className="bo-button bo-button-quiet bo-button-icon" onClick={onRefresh} disabled={building} title="Rebuild the preview">
          <Icon svg={RefreshCw} size={16} />
          <span className="visually-hidden">Rebuild the preview</span>
        </button>
      </div>
      <div ref={box} className="bo-preview-box" data-device={device} data-actual-size={actualSize || undefined}>
        {src && (
          <iframe
            ref={frame}
            src={src}
            title="The page with your saved changes"
            onLoad={loaded}
            style={{ width, height: `${100 / scale}%`, transform: `scale(${scale})`, left: Math.max(0, (boxWidth - width * scale) / 2) }}
          />
        )}
      </div>
    </section>
  );
});
