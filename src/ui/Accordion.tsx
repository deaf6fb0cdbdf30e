import { useId, useState, type ReactNode } from 'react';
import './ui.css';

export interface AccordionProps {
  title: string;
  defaultOpen?: boolean;
  /** The heading level the title sits at in the page outline; 2 (under the page's h1) unless nested. */
  headingLevel?: 2 | 3 | 4;
  children?: ReactNode;
}

/**
 * A disclosure section following the WAI-ARIA accordion pattern: the button lives inside a
 * real heading so the section still appears in a screen reader's heading list, and the panel
 * is `hidden` (not just visually collapsed) so its content is out of the tab order when closed.
 * The panel deliberately has no `role="region"` (and so no name of its own): these are used in
 * long FAQ lists, where a landmark per answer would drown out the page's real landmarks.
 */
export function Accordion({ title, defaultOpen = false, headingLevel = 2, children }: AccordionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  const Heading = `h${headingLevel}` as const;

  return (
    <section className="ui-accordion">
      <Heading className="ui-accordion-heading">
        <button
          type="button"
          id={buttonId}
          className="ui-accordion-button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <span className="ui-accordion-title">{title}</span>
          <span className="ui-accordion-icon" aria-hidden="true" />
        </button>
      </Heading>
      <div id={panelId} className="ui-accordion-panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
