import type { ContentPageView, SectionView } from '#src/schemas/content.ts';
import { canonicalTarget, fitsHint, SEARCH_DESCRIPTION_FITS, SEARCH_ELEMENTS, SEARCH_TITLE_FITS } from '#src/schemas/search-listing.ts';
import { type Facts, showFacts } from './facts-in-text.ts';

type Props = { section: SectionView; page: ContentPageView; facts: Facts };

/** How the page shows in search results with the saved values (the page table's where they are empty), and how much of each fits. */
export function SearchListingPreview({ section, page, facts }: Props) {
  const savedValue = (name: string) => section.elements.find((element) => element.name === name)?.value;
  const text = (name: string) => {
    const value = savedValue(name);
    return typeof value === 'string' ? showFacts(value, facts).trim() : '';
  };
  const title = text(SEARCH_ELEMENTS.title);
  const description = text(SEARCH_ELEMENTS.description);
  const hidden = savedValue(SEARCH_ELEMENTS.hidden) === true;
  const canonical = text(SEARCH_ELEMENTS.canonical);
  const canonicalTo = canonical ? canonicalTarget(canonical) : null;
  return (
    <section className="bo-stack" aria-label="Search result preview">
      <p className="bo-hint">
        Title: {fitsHint(title, page.listing.title, SEARCH_TITLE_FITS, 'usual title')}
        <br />
        Description: {fitsHint(description, page.listing.description, SEARCH_DESCRIPTION_FITS, 'usual description')}
      </p>
      {/* Words that are no address are refused at the field (and by the server), so only an address shows here. */}
      {canonicalTo && <p className="bo-alert bo-alert-info">Search engines are told this page repeats {canonicalTo}, and list that one instead.</p>}
      {hidden ? (
        <p className="bo-alert bo-alert-info">Hidden from search engines: once published, the page asks not to be listed and leaves the sitemap.</p>
      ) : (
        <div className="bo-serp">
          <p className="bo-serp-url">{page.path}</p>
          <p className="bo-serp-title">{title || page.listing.title}</p>
          <p className="bo-serp-text">{description || page.listing.description}</p>
        </div>
      )}
    </section>
  );
}
