import { Fragment } from 'react';

/** A lead's reference (VQ-2026-000005): a browser may break a line after each hyphen, which splits it. */
const REFERENCE = /([A-Z]{2}-\d{4}-\d{6})/;

/** A text with every reference in it kept on one line, however narrow the screen; the rest wraps as usual. */
export function WholeReferences({ text }: { text: string }) {
  return (
    <>
      {text.split(REFERENCE).map((part, index) =>
        index % 2 === 1 ? (
          <span key={index} className="bo-nowrap">
            {part}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
