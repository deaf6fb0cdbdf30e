import type { ReactNode } from 'react';

export type Crumb = { label: string; href: string };

type Props = {
  title: ReactNode;
  /** The areas above this screen, each a link ("Leads / Quotes"). */
  breadcrumb?: Crumb[];
  /** One sentence on what the screen is for, or the record's key facts. */
  description?: ReactNode;
  /** Facts about the record on screen (status, owner, when), in one wrapping row. */
  meta?: ReactNode;
  /** The screen's own actions, the main one last (it sits at the right edge on a wide screen). */
  actions?: ReactNode;
};

/** The top of every screen: where it is, its title, what it is for, and its actions. */
export function PageHeader({ title, breadcrumb, description, meta, actions }: Props) {
  return (
    <header className="bo-page-header">
      <div className="bo-page-heading">
        {breadcrumb && breadcrumb.length > 0 && (
          <nav aria-label="Breadcrumb">
            <ol className="bo-breadcrumb">
              {breadcrumb.map((crumb) => (
                <li key={crumb.href}>
                  <a href={crumb.href}>{crumb.label}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h1 className="bo-page-title">{title}</h1>
        {description && <p className="bo-page-description">{description}</p>}
        {meta && <div className="bo-page-meta">{meta}</div>}
      </div>
      {actions && <div className="bo-page-actions">{actions}</div>}
    </header>
  );
}
