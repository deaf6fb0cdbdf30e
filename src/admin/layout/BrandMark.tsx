/**
 * The brand as the site's header shows it: the mark (a shield crossed by a road, src/site/brand-mark.ts,
 * served as /favicon.svg, which the browser already holds) and the configured name; a link to the site.
 */
export function BrandMark({ brand }: { brand: string }) {
  return (
    <a href="/" className="bo-sidebar-brand">
      <img src="/favicon.svg" alt="" width="24" height="27" />
      <span className="bo-sidebar-brand-name">{brand}</span>
    </a>
  );
}
