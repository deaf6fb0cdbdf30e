import { type Editor, useEditorState } from '@tiptap/react';
import { Heading2, Heading3, ImagePlus, List, ListOrdered, Minus, Table, TextQuote } from 'lucide-static';
import { Icon } from '../../kit/Icon.tsx';
import { type BlockId, blockMenuKey, blocksMatching, optionId, typedRange } from './block-menu.ts';

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
  /** The writing's frame, which the list is placed in (under the "/"). */
  frame: HTMLElement | null;
  onChoose(block: BlockId, range: { from: number; to: number }): void;
};

/** Where the list goes: under the "/" in the frame, moved left as far as it must be to stay inside. */
function placeUnder(editor: Editor, from: number, frame: HTMLElement | null) {
  if (!frame) return undefined;
  const at = editor.view.coordsAtPos(from);
  const box = frame.getBoundingClientRect();
  return { top: at.bottom - box.top + 4, left: Math.max(0, at.left - box.left) };
}

/**
 * The blocks the "/" menu offers (block-menu.ts keeps its state and keys): a listbox whose
 * chosen option the editor names as its active descendant, so the cursor stays in the text.
 * A click adds a block as Enter does.
 */
export function BlockMenuList({ editor, id, frame, onChoose }: Props) {
  const menu = useEditorState({
    editor,
    selector: ({ editor: at }) => {
      const state = blockMenuKey.getState(at.state);
      return state?.open ? { from: state.from, query: state.query, index: state.index } : null;
    },
  });
  if (!menu) return null;
  const matches = blocksMatching(menu.query);
  if (matches.length === 0) return null;
  return (
    <ul id={id} role="listbox" aria-label="Blocks to add" className="bo-block-menu" style={placeUnder(editor, menu.from, frame)}>
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
