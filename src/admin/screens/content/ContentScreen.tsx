import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $contentAnnouncement, $sectionListShown, $selectedSection, loadSections, showSectionList } from '#src/admin/stores/content.ts';
import { PublishBar } from './PublishBar.tsx';
import { SectionPanel } from './SectionPanel.tsx';
import { SectionTree } from './SectionTree.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { EmptyState } from '#src/admin/kit/EmptyState.tsx';
import { ArrowLeft, ListTree } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';
import './content.css';

/**
 * /admin/content: the site's copy as content sections. The tree on one side, the open section
 * with its elements on the other, a preview of the page with the saved changes, and Publish.
 */
export function ContentScreen() {
  const section = useStore($selectedSection);
  const announcement = useStore($contentAnnouncement);

  useEffect(() => {
    loadSections().catch(() => undefined);
  }, []);
  // Below 1024 px the tree and the open section share one column: a chosen section is shown on
  // its own, with a way back to the list, rather than far below the whole tree.
  const listShown = useStore($sectionListShown);
  // A newly opened section starts at its heading, for keyboard and screen reader users alike;
  // back at the list, the list's heading.
  const openId = section?.id;
  useEffect(() => {
    if (openId) document.getElementById(listShown ? 'content-tree-heading' : 'content-section-heading')?.focus();
  }, [openId, listShown]);

  return (
    <section className="content-screen">
      <PageHeader
        breadcrumb={[{ label: 'Content', href: '/admin/content' }]}
        title="Structure"
        description="Each page is made of sections, and each section of elements: a heading, a text, an image, a link. Add, rename, move and delete them here; change the words and images under Pages."
      />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <PublishBar />
      <div className="content-layout" data-section-open={(section && !listShown) || undefined}>
        <SectionTree />
        <div className="content-main">
          {section ? (
            <>
              <button type="button" className="bo-button bo-button-quiet content-back" onClick={showSectionList}>
                <Icon svg={ArrowLeft} size={16} />
                Pages and their sections
              </button>
              <SectionPanel key={section.id} section={section} />
            </>
          ) : (
            <div className="bo-panel content-main-empty">
              <EmptyState
                icon={ListTree}
                title="Choose a page or section in the list"
                text="Open a page to see its sections; choose one to add, rename, reorder or delete its elements, or to make a new section inside it. New pages come with the website's code, which then reads a top-level section made here."
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
