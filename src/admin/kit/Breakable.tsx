import { Fragment } from 'react';

/**
 * An address (email, web address) that may break across lines after its @, dots and slashes
 * rather than mid-word, when a narrow card has no room for it whole.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@./])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
