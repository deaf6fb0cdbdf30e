/**
 * The brand as the site's header shows it: the mark (a shield over a road, src/site/brand-mark.ts,
 * served as /favicon.svg, which the browser already holds) and the configured name.
 */
export function BrandMark({ brand }: { brand: string }) {
  return (
    <a href="/" className="admin-brand">
      <img className="admin-brand-mark" src="/favicon.svg" alt="" width="28" height="31" />
      <span>{brand}</span>
    </a>
  );
}
