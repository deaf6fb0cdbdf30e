/**
 * What a visitor typed, chose or ticked in an island's server-rendered form before its script
 * arrived (an island hydrated on first interaction, `client:interaction`). React hydrates
 * without touching the fields, but its state does not hold those answers, and its next render
 * would put the fields back as they were rendered. `takeEarlyInput` notes every field that
 * differs from what was rendered (React sets the fields' default value and state to what it
 * rendered); `replayEarlyInput` then hands each answer to React as the visitor's own input, so
 * the form's state takes it as if it had been typed after the script arrived.
 */
/** Dispatched (bubbling) from an island's form once it is live, so its directive stops holding submissions. */
export const ISLAND_LIVE_EVENT = 'island:live';
/** Set by the directive on a form sent before the island was live (src/islands/directives/interaction.ts). */
export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
export type EarlyInput = { field: Field; value: string; checked: boolean }[];

const isChoice = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function renderedValueOf(select: HTMLSelectElement): string {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
}

function changed(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'file' || field.type === 'hidden')) return false;
  if (isChoice(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return !field.multiple && field.value !== renderedValueOf(field);
  return field.value !== field.defaultValue;
}

/** The fields in `root` whose value differs from the one rendered. Call it before any render after hydration. */
export function takeEarlyInput(root: HTMLElement | null): EarlyInput {
  if (!root) return [];
  return [...root.querySelectorAll<Field>('input, select, textarea')]
    .filter(changed)
    .map((field) => ({ field, value: field.value, checked: isChoice(field) && field.checked }));
}

/** The setter of the element's own class, past React's value tracker on the element itself. */
function setNative(field: Field, property: 'value' | 'checked', value: string | boolean) {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property);
  descriptor?.set?.call(field, value);
}

/**
 * Gives each noted answer to React as input. React fires a field's change handler only when
 * the value differs from the one it last knew: that one is first set to something else
 * through React's tracker, then the answer through the element's own setter.
 */
export function replayEarlyInput(input: EarlyInput): void {
  for (const { field, value, checked } of input) {
    if (!field.isConnected || field.disabled) continue;
    if (isChoice(field)) {
      // A radio is unchosen by choosing another of its group, which has its own entry.
      if (field.type === 'radio' && !checked) continue;
      field.checked = !checked;
      field.click();
    } else if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      field.value = `${value} `;
      setNative(field, 'value', value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/**
 * Says the island is live: a form sent while it was not (held by the directive) is sent
 * again, now to the island's own handler, after the early answers were replayed.
 */
export function announceLive(root: HTMLElement | null): void {
  if (!root) return;
  const held = `form[${HELD_SUBMIT_ATTRIBUTE}]`;
  for (const form of [...(root.matches(held) ? [root as HTMLFormElement] : []), ...root.querySelectorAll<HTMLFormElement>(held)]) {
    form.removeAttribute(HELD_SUBMIT_ATTRIBUTE);
    if (form.isConnected) form.requestSubmit();
  }
  root.dispatchEvent(new Event(ISLAND_LIVE_EVENT, { bubbles: true }));
  // Astro drops an island's `ssr` attribute when hydration is scheduled, not when React has
  // rendered: this mark says the form's state now holds what is typed (tests wait for it).
  root.dataset.live = '';
}
