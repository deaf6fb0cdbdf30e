import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

type Props = {
  /** A Lucide icon (lucide-static) that stands for what is missing. */
  icon: string;
  title: string;
  /** What to do next, in a sentence. */
  text: ReactNode;
  /** The next step as a button or link. */
  action?: ReactNode;
  /** Icon beside the words, in a panel's line rather than a page's middle (a dashboard panel with nothing due). */
  compact?: boolean;
};

/** What a list or panel shows when it has nothing: what is missing and what to do next. */
export function EmptyState({ icon, title, text, action, compact }: Props) {
  return (
    <div className={compact ? 'bo-empty bo-empty-compact' : 'bo-empty'}>
      <span className="bo-empty-icon">
        <Icon svg={icon} size={22} />
      </span>
      <p className="bo-empty-title">{title}</p>
      <p className="bo-empty-text">{text}</p>
      {action && <div className="bo-empty-action">{action}</div>}
    </div>
  );
}
