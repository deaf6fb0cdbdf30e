import { Extension, type Range } from '@tiptap/core';
import { type EditorState, Plugin, PluginKey } from '@tiptap/pm/state';
import type { CSSProperties } from 'react';
import { ALL_BLOCKS, type Block, type BlockId, blocksMatching } from './blocks.ts';

/** The menu open after a "/" at `from` (the start of its paragraph), filtered by `query`, with option `index` chosen. */
export type BlockMenuState = { open: false } | { open: true; from: number; query: string; index: number };
type Meta = { open: number } | { close: true } | { index: number };

const CLOSED: BlockMenuState = { open: false };
/** Past this many letters the "/" is taken as writing, not a search for a block. */
const LONGEST_QUERY = 24;

export const blockMenuKey = new PluginKey<BlockMenuState>('blockMenu');

/** The words after the "/" while the cursor ends a top-level paragraph that holds only "/" and them; otherwise null. */
function queryAt(state: EditorState, from: number): string | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if ($from.depth !== 1 || $from.parent.type.name !== 'paragraph' || $from.start() !== from) return null;
  if ($from.parentOffset !== $from.parent.content.size) return null;
  const text = $from.parent.textContent;
  if (!text.startsWith('/') || text.length > LONGEST_QUERY + 1) return null;
  return text.slice(1);
}

/** The id of an option of the listbox `listboxId`, which the editor names as its active descendant. */
export const optionId = (listboxId: string, block: Block) => `${listboxId}-${block.id}`;

export type BlockMenuOptions = {
  /** The id of the listbox the menu is shown in (BlockMenuList.tsx). */
  listboxId: string;
  /** The blocks the menu offers. */
  blocks: readonly BlockId[];
  /** Adds the block in place of the "/" and the words after it (`range`). */
  onChoose(block: BlockId, range: Range): void;
};

/** Where the "/" and the words typed after it lie, which the chosen block replaces. */
export const typedRange = (menu: { from: number; query: string }): Range => ({ from: menu.from, to: menu.from + 1 + menu.query.length });

/**
 * The "/" menu, as Ghost's: a "/" typed on an empty line opens a list of blocks to add, and
 * the words typed after it narrow the list. The cursor stays in the text: the editor (a
 * textbox) names the chosen option as its active descendant, so a screen reader reads it as
 * the arrows move. Enter adds the block, Escape closes the menu and keeps the "/", and leaving
 * the editor closes it.
 */
export const BlockMenu = Extension.create<BlockMenuOptions>({
  name: 'blockMenu',
  // Before the keymaps: Enter and the arrows are the menu's while it is open.
  priority: 1000,
  addOptions: () => ({ listboxId: 'blocks', blocks: ALL_BLOCKS, onChoose: () => undefined }),
  addProseMirrorPlugins() {
    const { options } = this;
    const close = (state: EditorState) => state.tr.setMeta(blockMenuKey, { close: true } satisfies Meta);
    return [
      new Plugin<BlockMenuState>({
        key: blockMenuKey,
        state: {
          init: () => CLOSED,
          apply(tr, previous, _before, after) {
            const meta = tr.getMeta(blockMenuKey) as Meta | undefined;
            if (meta && 'close' in meta) return CLOSED;
            if (meta && 'open' in meta) return queryAt(after, meta.open) === '' ? { open: true, from: meta.open, query: '', index: 0 } : CLOSED;
            if (!previous.open) return previous;
            const from = tr.mapping.map(previous.from, -1);
            const query = queryAt(after, from);
            if (query === null) return CLOSED;
            const count = blocksMatching(query, options.blocks).length;
            const index = meta && 'index' in meta ? meta.index : query === previous.query ? Math.min(previous.index, Math.max(count - 1, 0)) : 0;
            return { open: true, from, query, index };
          },
        },
        props: {
          handleTextInput(view, from, to, text) {
            const { $from, empty } = view.state.selection;
            if (text !== '/' || !empty || $from.depth !== 1 || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0) return false;
            view.dispatch(view.state.tr.insertText(text, from, to).setMeta(blockMenuKey, { open: $from.start() } satisfies Meta));
            return true;
          },
          handleKeyDown(view, event) {
            const menu = blockMenuKey.getState(view.state);
            if (!menu?.open || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
            if (event.key === 'Escape') {
              view.dispatch(close(view.state));
              return true;
            }
            const matches = blocksMatching(menu.query, options.blocks);
            if (matches.length === 0) return false;
            const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
            if (step !== undefined) {
              view.dispatch(view.state.tr.setMeta(blockMenuKey, { index: (menu.index + step + matches.length) % matches.length } satisfies Meta));
              return true;
            }
            if (event.key !== 'Enter') return false;
            const chosen = matches[menu.index];
            if (!chosen) return false;
            options.onChoose(chosen.id, typedRange(menu));
            return true;
          },
          handleDOMEvents: {
            blur(view) {
              if (blockMenuKey.getState(view.state)?.open) view.dispatch(close(view.state));
              return false;
            },
          },
          // While a block is chosen, the editor names it (and the list it is in) for assistive technology.
          attributes(state): Record<string, string> {
            const menu = blockMenuKey.getState(state);
            if (!menu?.open) return {};
            const chosen = blocksMatching(menu.query, options.blocks)[menu.index];
            return chosen ? { 'aria-controls': options.listboxId, 'aria-activedescendant': optionId(options.listboxId, chosen) } : {};
          },
        },
      }),
    ];
  },
});

/**
 * How far to scroll the window down so that the list fits whole under the "/" when it fits on
 * neither side of it (a phone), rather than scroll within itself: as far as the page can scroll
 * (`scrollable`) and the line with the "/" stays in sight under the bars at the top (`view.top`).
 * Nothing when it fits on a side already.
 */
export function scrollToFit(size: { height: number }, at: { top: number; bottom: number }, view: { top: number; bottom: number }, scrollable: number): number {
  const below = view.bottom - at.bottom - GAP - EDGE;
  const above = at.top - view.top - GAP - EDGE;
  if (size.height <= below || size.height <= above) return 0;
  return Math.max(0, Math.min(size.height - below, at.top - view.top - EDGE, scrollable));
}

/** Room kept between the list and the window's edge, and between the list and the "/". */
const EDGE = 8;
const GAP = 4;

/**
 * Where the list goes, in the frame: under the "/", or above it when the window has more room
 * there than below and the list does not fit below (a "/" typed near the bottom of the window);
 * moved left as far as it must be to stay inside the frame, and scrolling within itself when
 * neither side has room for all of it. `size` is the list's whole height and width, measured;
 * `view` the part of the window not under a bar.
 */
export function placeNear(
  at: { top: number; bottom: number; left: number },
  box: { top: number; bottom: number; left: number; width: number },
  size: { height: number; width: number },
  view: { top: number; bottom: number },
): CSSProperties {
  const left = Math.max(0, Math.min(at.left - box.left, box.width - size.width));
  const below = view.bottom - at.bottom - GAP - EDGE;
  const above = at.top - view.top - GAP - EDGE;
  if (size.height <= below || below >= above) return { top: at.bottom - box.top + GAP, left, maxHeight: Math.max(below, 0) };
  return { bottom: box.bottom - at.top + GAP, left, maxHeight: Math.max(above, 0) };
}
