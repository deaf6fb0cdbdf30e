import { ChevronRight } from 'lucide-static';
import { type ReactNode, useId } from 'react';
import { Icon } from './Icon.tsx';

type Props = {
  title: string;
  /** Beside the title, seen while closed too: a count, a badge. */
  meta?: ReactNode;
  /** Under the title, seen while closed too, and never cut: an address, what the panel holds. */
  summary?: ReactNode;
  open: boolean;
  onToggle(): void;
  className?: string;
  /** The section's own id, for a link that jumps to it (a record's "At a glance" opens it as it jumps). */
  id?: string;
  /** The region's name for screen readers where the title alone would repeat another's (the page editor's panels beside the page's own sections); the title otherwise. */
  regionLabel?: string;
  children: ReactNode;
};

/**
 * A panel whose body folds away under its heading, as Directus and Payload fold a form's
 * groups: a long form becomes a list of what it holds. The heading is a button (Enter or Space)
 * that says whether it is open; a closed body stays in the page, hidden, so its values are kept.
 */
export function CollapsiblePanel({ title, meta, summary, open, onToggle, className, id: sectionId, regionLabel, children }: Props) {
  const id = useId();
  return (
    <section
      id={sectionId}
      className={`bo-panel bo-collapsible${className ? ` ${className}` : ''}`}
      aria-labelledby={regionLabel ? undefined : `${id}-title`}
      aria-label={regionLabel}
      data-open={open || undefined}
    >
      <h2 className="bo-collapsible-heading">
        <button type="button" className="bo-disclosure bo-collapsible-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={onToggle}>
          <Icon svg={ChevronRight} size={18} className="bo-disclosure-chevron" />
          <span className="bo-collapsible-title">
            <span id={`${id}-title`}>{title}</span>
            {summary && <span className="bo-collapsible-summary">{summary}</span>}
          </span>
          {meta && <span className="bo-collapsible-meta">{meta}</span>}
        </button>
      </h2>
      <div id={`${id}-body`} className="bo-panel-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
