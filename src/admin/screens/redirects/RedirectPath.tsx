import { Fragment } from 'react';

/**
 * A redirect's address shown whole: it may break after each slash (and after a query's ? and &),
 * so a long old address wraps at its path separators rather than being cut short; a single
 * segment too long for the column still breaks anywhere (`.redirect-path`).
 */
export function RedirectPath({ path }: { path: string }) {
  const parts = path.split(/(?<=[/?&])/);
  return (
    <span className="redirect-path">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
