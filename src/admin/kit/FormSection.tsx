import type { ReactNode } from 'react';

type Props = {
  title: string;
  /** What these fields are for, or what happens when they change. */
  description?: ReactNode;
  children: ReactNode;
};

/**
 * A group of a form's fields on a card: its title and purpose on the left, the fields on the
 * right (stacked when the form is narrow). Its heading structures the form; it is no landmark
 * of its own, so its title never joins a field's accessible name.
 */
export function FormSection({ title, description, children }: Props) {
  return (
    <section className="bo-panel bo-form-section">
      <div>
        <h2 className="bo-form-section-title">{title}</h2>
        {description && <p className="bo-form-section-text">{description}</p>}
      </div>
      <div className="bo-form-fields">{children}</div>
    </section>
  );
}
