import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { type Editor, useEditorState } from '@tiptap/react';
import { Heading2, Heading3, ImagePlus, List, ListOrdered, Minus, Table, TextQuote } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { blockMenuKey, optionId, placeNear, scrollToFit, typedRange } from './block-menu.ts';
import { type BlockId, blocksMatching } from './blocks.ts';

const ICONS: Record<BlockId, string> = {
  heading: Heading2,
  subheading: Heading3,
  bullets: List,
  numbers: ListOrdered,
  quote: TextQuote,
  picture: ImagePlus,
  table: Table,
  divider: Minus,
};

type Props = {
  editor: Editor;
  id: string;
  /** The blocks offered (as the editor's BlockMenu was configured). */
  blocks: readonly BlockId[];
  /** The writing's frame, which the list is placed in (under the "/"). */
  frame: HTMLElement | null;
  onChoose(block: BlockId, range: { from: number; to: number }): void;
};

/** The window's top as the writer sees it: under the bars that stay there (a phone's top bar, the editor's header). */
function visibleTop(): number {
  let top = 0;
  for (const bar of document.querySelectorAll('.bo-topbar, .bo-sticky-header')) {
    const box = bar.getBoundingClientRect();
    const { position } = getComputedStyle(bar);
    if ((position === 'sticky' || position === 'fixed') && box.height > 0 && box.top <= top + 1) top = Math.max(top, box.bottom);
  }
  return top;
}

/**
 * The blocks the "/" menu offers (block-menu.ts keeps its state and keys): a listbox whose
 * chosen option the editor names as its active descendant, so the cursor stays in the text.
 * A click adds a block as Enter does.
 */
export function BlockMenuList({ editor, id, blocks, frame, onChoose }: Props) {
  const menu = useEditorState({
    editor,
    selector: ({ editor: at }) => {
      const state = blockMenuKey.getState(at.state);
      return state?.open ? { from: state.from, query: state.query, index: state.index } : null;
    },
  });
  const list = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState<CSSProperties>();
  const matches = menu ? blocksMatching(menu.query, blocks) : [];
  const from = menu?.from;
  const shown = matches.length;
  // Placed once drawn, when its size is known; again as the words typed after "/" shorten it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` changes the list's height, which is measured here
  useLayoutEffect(() => {
    const ul = list.current;
    if (from === undefined || !frame || !ul) return;
    const size = { height: ul.scrollHeight, width: ul.offsetWidth };
    const view = { top: visibleTop(), bottom: window.innerHeight };
    // Short of room on both sides (a phone): the page moves up under the list, as far as it can, so
    // the list shows whole rather than scroll within itself.
    const by = scrollToFit(size, editor.view.coordsAtPos(from), view, document.documentElement.scrollHeight - window.innerHeight - window.scrollY);
    if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
    setPlace(placeNear(editor.view.coordsAtPos(from), frame.getBoundingClientRect(), size, view));
  }, [editor, frame, from, shown]);
  // The chosen block stays in sight when the list scrolls within itself (the list alone: the page stays put).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice moves or the list is placed, and reads the list as drawn then
  useLayoutEffect(() => {
    const ul = list.current;
    const option = ul?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!ul || !option) return;
    if (option.offsetTop < ul.scrollTop) ul.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > ul.scrollTop + ul.clientHeight) ul.scrollTop = option.offsetTop + option.offsetHeight - ul.clientHeight;
  }, [menu?.index, place]);
  if (!menu || matches.length === 0) return null;
  return (
    <ul ref={list} id={id} role="listbox" aria-label="Blocks to add" className="bo-block-menu" style={place ?? { visibility: 'hidden' }}>
      {matches.map((block, index) => (
        <li
          key={block.id}
          id={optionId(id, block)}
          role="option"
          aria-selected={index === menu.index}
          // The text keeps the focus (and the menu stays open): the choice is made on the press.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(block.id, typedRange(menu));
          }}
        >
          <Icon svg={ICONS[block.id]} size={18} />
          {block.label}
        </li>
      ))}
    </ul>
  );
}
