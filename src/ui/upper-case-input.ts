/**
 * The field's text in capitals, written back into the field as the visitor types (Eircodes
 * and registrations are shown as on the letter or the plate). The caret stays where it was:
 * a controlled input given a different value by React would jump to the end.
 */
export function upperCaseAsTyped(input: HTMLInputElement): string {
  const typed = input.value;
  const upper = typed.toUpperCase();
  if (upper !== typed) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    // A few letters grow in capitals (ß is SS); then the caret goes to the end as usual.
    if (selectionStart !== null && selectionEnd !== null && upper.length === typed.length) input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}
