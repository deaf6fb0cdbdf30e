/**
 * The policy of a mail's HTML shown in the back-office, in its own meta element: its inline
 * styles and pictures and nothing else (no script, no frame, no form, no request to a server of
 * the sender's choosing). The screens frame it sandboxed as well.
 */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'";

/** A mail's HTML with the preview policy first in its head (a document without a head gets one). */
export function withPreviewPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`) : `<head>${meta}</head>${html}`;
}
