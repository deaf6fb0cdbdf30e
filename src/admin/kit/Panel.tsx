import { useId, type ReactNode } from 'react';

type Props = {
  title?: ReactNode;
  /** Controls at the right of the panel's title (a link to the whole list, a small action). */
  actions?: ReactNode;
  /** Content that brings its own padding (a list of rows, a table). */
  flush?: boolean;
  className?: string;
  children: ReactNode;
};

/** A card of related content with its heading: a record's section, a dashboard figure, a form's side panel. */
export function Panel({ title, actions, flush = false, className, children }: Props) {
  const id = useId();
  return (
    <section className={className ? `bo-panel ${className}` : 'bo-panel'} aria-labelledby={title ? id : undefined}>
      {(title || actions) && (
        <div className="bo-panel-header">
          {title && <h2 id={id}>{title}</h2>}
          {actions}
        </div>
      )}
      {flush ? children : <div className="bo-panel-body">{children}</div>}
    </section>
  );
}
