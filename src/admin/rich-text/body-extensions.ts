import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';

/** Whether the editor holds pictures and tables: a post's body does, a page's text does not. */
export type BodyKinds = { pictures: boolean; tables: boolean };

/**
 * What the visual editor can hold: what the blog shows of a post's Markdown (see
 * src/lib/markdown.ts). Strike-through and underline are left out, because the blog
 * drops them; headings keep level 1 because older posts use `#`, which the blog shows as a
 * level-2 heading. Links do not open on a click: a click puts the cursor in them. Without
 * pictures or tables, Markdown holding one does not show whole (and is written as Markdown),
 * and one pasted in is dropped.
 */
export const bodyExtensions = ({ pictures, tables }: BodyKinds = { pictures: true, tables: true }): AnyExtension[] => [
  StarterKit.configure({
    strike: false,
    underline: false,
    heading: { levels: [1, 2, 3, 4] },
    link: { openOnClick: false, autolink: true, HTMLAttributes: { rel: null, target: null } },
  }),
  ...(pictures ? [Image] : []),
  ...(tables ? [TableKit] : []),
  Markdown,
];
