import type { ReactNode } from 'react';

/**
 * A record's few facts that matter most, as a band of label-over-value pairs above its detail
 * (a quote's van, its value, the cover and when it starts): what a broker would otherwise dig
 * through the answers for. `jumps` are links to the record's own sections below.
 */
export function KeyFacts({ title, facts, jumps }: { title: string; facts: { label: string; value: ReactNode }[]; jumps?: { id: string; label: string }[] }) {
  if (facts.length === 0 && !jumps?.length) return null;
  return (
    <section className="bo-panel bo-key-facts" aria-labelledby="key-facts-title">
      <h2 id="key-facts-title" className="bo-key-facts-title">
        {title}
      </h2>
      {facts.length > 0 && (
        <dl className="bo-key-facts-list">
          {facts.map((fact) => (
            <div key={fact.label} className="bo-key-fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {jumps && jumps.length > 1 && (
        // data-scrolls: on a phone the links are one row that scrolls sideways rather than wrap (key-facts.css).
        <nav className="bo-jumps" aria-label="Sections of this request" data-scrolls="">
          <span className="bo-muted" aria-hidden="true">
            Jump to
          </span>
          <ul className="bo-jumps-list">
            {jumps.map((jump) => (
              <li key={jump.id}>
                <a
                  className="bo-jump"
                  href={`#${jump.id}`}
                  onClick={(event) => {
                    // In the page, not through the router: the section is on this screen.
                    event.preventDefault();
                    const target = document.getElementById(jump.id);
                    // A folded section (a closed CollapsiblePanel) opens as it is jumped to.
                    target?.querySelector<HTMLButtonElement>(':scope > .bo-collapsible-heading > [aria-expanded="false"]')?.click();
                    target?.scrollIntoView({ block: 'start' });
                    target?.querySelector<HTMLElement>('button, a')?.focus({ preventScroll: true });
                  }}
                >
                  {jump.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
