/** A value that is not there (no owner yet): a quiet dash on screen, words for a screen reader. */
export function NoValue({ label }: { label: string }) {
  return (
    <span className="bo-muted">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
