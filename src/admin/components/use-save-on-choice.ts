import { type ChangeEvent, type KeyboardEvent, useRef } from 'react';

/**
 * A select that saves as soon as a choice is made (the owner, a privacy request's status), and
 * still lets a keyboard step through a closed list: there each arrow key is a change, so the
 * one stepped to is saved on leaving the list, or Enter, rather than every one passed on the way.
 * `choose` shows the value at once; `save` sends it.
 */
export function useSaveOnChoice(choose: (value: string) => void, save: (value: string) => void, current: () => string) {
  const stepping = useRef(false);
  const commit = (value: string) => {
    stepping.current = false;
    save(value);
  };
  return {
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === 'Enter' && stepping.current) commit(current());
      else if (event.key !== 'Tab') stepping.current = true;
    },
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      choose(event.target.value);
      if (!stepping.current) commit(event.target.value);
    },
    onBlur: () => {
      if (stepping.current) commit(current());
    },
  };
}
