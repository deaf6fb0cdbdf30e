import type { SectionView } from '#src/schemas/content.ts';

/** The content tree as the Content screen draws it: pure helpers over the flat list the API answers. */

/** Where a section is, as people read it: 'Home / Hero' rather than the stored 'Home/Hero'. */
export const placeOf = (section: Pick<SectionView, 'namePath'>): string => section.namePath.replaceAll('/', ' / ');

export type TreeNode = { section: SectionView; children: TreeNode[] };

const byOrder = (a: SectionView, b: SectionView) => a.order - b.order || a.name.localeCompare(b.name);

/** The sections under `parent` (null: the top ones), in their order. */
export function childrenOf(sections: readonly SectionView[], parent: string | null): SectionView[] {
  return sections.filter((section) => section.parent === parent).sort(byOrder);
}

/** The flat list as a tree; a section whose parent is missing from the list is shown at the top rather than lost. */
export function buildTree(sections: readonly SectionView[]): TreeNode[] {
  const ids = new Set(sections.map((section) => section.id));
  const build = (parent: string | null): TreeNode[] =>
    sections
      .filter((section) => (parent === null ? section.parent === null || !ids.has(section.parent) : section.parent === parent))
      .sort(byOrder)
      .map((section) => ({ section, children: build(section.id) }));
  return build(null);
}

/** A section and everything under it, parents before children, each level in order: a page as it reads. */
export function subtreeOf(sections: readonly SectionView[], rootId: string): SectionView[] {
  const root = sections.find((section) => section.id === rootId);
  if (!root) return [];
  return [root, ...childrenOf(sections, rootId).flatMap((child) => subtreeOf(sections, child.id))];
}

/** The top-level section a section belongs to (its page). */
export function pageOf(sections: readonly SectionView[], id: string): SectionView | undefined {
  const section = sections.find((candidate) => candidate.id === id);
  const rootId = section?.idPath.split('/')[0];
  return sections.find((candidate) => candidate.id === rootId);
}

/** Where a section may move: anywhere but itself and its own subtree. */
export function possibleParents(sections: readonly SectionView[], id: string): SectionView[] {
  const moving = sections.find((section) => section.id === id);
  if (!moving) return [];
  return sections
    .filter((section) => section.id !== id && !section.idPath.startsWith(`${moving.idPath}/`))
    .sort((a, b) => a.namePath.localeCompare(b.namePath));
}

/** `ids` with the one at `index` moved by `step` (-1 up, +1 down); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
