import { useEffect, useRef, useState } from 'react';

/**
 * The rows chosen on a list's page, for its bulk actions. Rows that leave the page (another
 * page, another filter, a delete) leave the selection too, so an action never reaches a row
 * that is no longer on screen.
 */
export function useSelection(ids: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`, whose array is new on every render
  useEffect(() => {
    setChosen((previous) => new Set([...previous].filter((id) => ids.includes(id))));
  }, [key]);
  const all = ids.length > 0 && ids.every((id) => chosen.has(id));
  return {
    ids: [...chosen],
    count: chosen.size,
    has: (id: string) => chosen.has(id),
    all,
    some: chosen.size > 0 && !all,
    toggle: (id: string) =>
      setChosen((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: () => setChosen(all ? new Set() : new Set(ids)),
    clear: () => setChosen(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/** The header's box: all of the page's rows, some (shown mixed), or none. */
export function SelectAllBox({ selection }: { selection: Selection }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.some;
  }, [selection.some]);
  return (
    <label className="bo-check-target">
      <input ref={box} type="checkbox" className="bo-check" aria-label="Select every row on this page" checked={selection.all} onChange={selection.toggleAll} />
    </label>
  );
}

/** A row's box, named after the row (a screen reader says what it chooses). */
export function SelectRowBox({ selection, id, name }: { selection: Selection; id: string; name: string }) {
  return (
    <label className="bo-check-target">
      <input type="checkbox" className="bo-check" aria-label={`Select ${name}`} checked={selection.has(id)} onChange={() => selection.toggle(id)} />
    </label>
  );
}
