type Props = {
  /** The id of what it shows and hides: the ways to change the picture. */
  controls: string;
  expanded: boolean;
  disabled?: boolean;
  onToggle(): void;
};

/** "Replace" under a picture already chosen: the upload, library and address wait behind it (a post's cover, a page's picture). */
export function ReplaceToggle({ controls, expanded, disabled, onToggle }: Props) {
  return (
    <button type="button" className="bo-button" aria-expanded={expanded} aria-controls={controls} disabled={disabled} onClick={onToggle}>
      Replace
    </button>
  );
}
