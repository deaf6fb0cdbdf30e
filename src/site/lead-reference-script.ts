import { createHash } from 'node:crypto';

/**
 * The few lines that show "Your reference is VQ-2026-000123" on a thank-you page, from the
 * address the form sent the visitor to (?ref=); only a reference's shape is ever shown.
 * Inline, so the page downloads no script; the page adds the hash to its CSP (Astro collects
 * hashes before it renders the head, so a page's own frontmatter must do it).
 */
export const leadReferenceScript = `(() => {
  const ref = new URLSearchParams(location.search).get('ref') || '';
  if (!/^[A-Z]{2}-\\d{4}-\\d{6}$/.test(ref)) return;
  const box = document.getElementById('lead-reference');
  box.querySelector('strong').textContent = ref;
  box.hidden = false;
})();`;

export const leadReferenceScriptHash = `sha256-${createHash('sha256').update(leadReferenceScript).digest('base64')}` as const;
