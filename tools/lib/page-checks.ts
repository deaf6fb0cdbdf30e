/**
 * Checks the screenshot commands run inside a page (through `page.evaluate`), so each function
 * is self-contained: it may use only the browser's globals, never this module's scope. Each
 * answers a list of findings, one line each, empty when the page passes.
 */

/** Controls under 44 px in either direction, as "tag 'text' w×h"; a link in a sentence is not one. */
export function findSmallTargets(): string[] {
  const controls = document.querySelectorAll<HTMLElement>('a[href], button, select, textarea, input:not([type="hidden"]), summary, [role="button"]');
  const small: string[] = [];
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || control.closest('.visually-hidden, .visually-hidden-focusable, [aria-hidden="true"], .skip-link')) continue;
    if (getComputedStyle(control).visibility === 'hidden') continue;
    // A radio or tick box is hit through its label, which is the target to measure.
    const label = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox') ? control.closest('label') : null;
    // A card's link stretched over the card by an absolutely placed ::after: the card is the target.
    const stretched = getComputedStyle(control, '::after').position === 'absolute' ? control.offsetParent : null;
    // A switch's track is drawn smaller than its target, which an absolutely placed ::before makes 44 px.
    if (control.getAttribute('role') === 'switch' && getComputedStyle(control, '::before').position === 'absolute') continue;
    const target = label ?? stretched ?? control;
    const { width, height } = target.getBoundingClientRect();
    if (width >= 44 && height >= 44) continue;
    const inSentence =
      control.tagName === 'A' && control.parentElement && /\S/.test((control.parentElement.textContent ?? '').replace(control.textContent ?? '', ''));
    // Laid out as text (an email address kept whole as an inline block is still a word of the sentence).
    if (inSentence && ['inline', 'inline-block'].includes(getComputedStyle(control).display)) continue;
    small.push(
      `${control.tagName.toLowerCase()} '${(control.textContent || control.getAttribute('aria-label') || control.id).trim().slice(0, 40)}' ${Math.round(width)}×${Math.round(height)}`,
    );
  }
  return small;
}
/**
 * Visible elements that reach outside the window (left of 0 or right of its width): cut off
 * for the reader even when the page itself does not scroll (an overflow hidden on the way up).
 * Only the outermost offender of a subtree is named.
 */
export function findOutsideWindow(): string[] {
  const width = document.documentElement.clientWidth;
  const found: string[] = [];
  const named = new Set<Element>();
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right <= width + 0.5 && box.left >= -0.5) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden') continue;
    // Visually hidden text (clipped to a pixel) and what a scrolling box hides on purpose are not cut off.
    if (element.closest('.visually-hidden, .visually-hidden-focusable, [aria-hidden="true"], [hidden]')) continue;
    if ([...named].some((outer) => outer.contains(element))) continue;
    let clipped = false;
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      const upBox = up.getBoundingClientRect();
      if (overflow !== 'visible' && upBox.right <= width + 0.5 && upBox.left >= -0.5) {
        clipped = true;
        break;
      }
    }
    // Inside a box that clips it and itself fits: that box is the one to judge (findInnerScroll).
    if (clipped) continue;
    named.add(element);
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    found.push(
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} '${text}' spans ${Math.round(box.left)} to ${Math.round(box.right)} px`,
    );
  }
  return found;
}

/**
 * Boxes whose content is wider than the box (a table in a scrolling wrapper): columns that a
 * reader has to scroll sideways to find. A text field's own scrolling is not counted.
 */
export function findInnerScroll(): string[] {
  const found: string[] = [];
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    // A list's table is not let off (its data-scrolls fallback): it must fit its box, its Actions column whole (ListScreen's fitColumns).
    if (element.matches('input, textarea, select, pre, code, [data-scrolls]:not(.bo-table-scroll)')) continue;
    if (element.scrollWidth <= element.clientWidth + 1 || element.clientWidth === 0) continue;
    const overflow = getComputedStyle(element).overflowX;
    if (overflow !== 'auto' && overflow !== 'scroll') continue;
    found.push(
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} scrolls sideways: ${element.scrollWidth} px in ${element.clientWidth}`,
    );
  }
  return found;
}

/**
 * Lists shown as cards on a phone: every cell's label (`data-label`) must name the column the
 * cell sits under, so a value is never shown beside another column's name.
 */
export function findCardLabelMismatches(): string[] {
  const found: string[] = [];
  for (const table of document.querySelectorAll('table')) {
    // What the header shows (innerText leaves out what is not drawn: a sorting header's button on a phone).
    const headers = [...table.querySelectorAll<HTMLElement>('thead th')].map((th) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the drawn text is the point; textContent would add the hidden button's
      (th.innerText || th.textContent || th.getAttribute('aria-label') || '').trim(),
    );
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, index) => {
        const label = cell.getAttribute('data-label');
        // A column stepped aside shows no label to mislead anyone.
        if (label === null || getComputedStyle(cell).display === 'none') return;
        if (label !== headers[index])
          found.push(`'${(cell.textContent ?? '').trim().slice(0, 30)}' labelled '${label}' under the column '${headers[index] ?? '(none)'}'`);
      });
    }
  }
  return found;
}

/**
 * Tables drawn as tables: the column that names each row keeps room for its names. Fixed-width
 * columns that do not step aside in time squeeze it to "Na…" while every check above passes.
 */
export function findSqueezedTitleColumns(): string[] {
  const found: string[] = [];
  for (const cell of document.querySelectorAll('table tbody tr:first-child td.bo-cell-primary')) {
    if (getComputedStyle(cell).display !== 'table-cell') continue;
    const width = cell.getBoundingClientRect().width;
    // Runs in the page, so the limit is written here: 140 px, below which names shrink to a letter or two.
    if (width < 140) found.push(`the title column is ${Math.round(width)} px wide: '${(cell.textContent ?? '').trim().slice(0, 30)}'`);
  }
  return found;
}
