import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $contentAnnouncement, $contentSections, $selectedSection, loadSections } from '../../stores/content.ts';
import { pageOf, subtreeOf } from '../../stores/content-tree.ts';
import { PagePreview } from './PagePreview.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { SectionPanel } from './SectionPanel.tsx';
import { SectionTree } from './SectionTree.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import './content.css';

/**
 * /admin/content: the site's copy as content sections. The tree on one side, the open section
 * with its elements on the other, a preview of the page with the saved changes, and Publish.
 */
export function ContentScreen() {
  const section = useStore($selectedSection);
  const { sections } = useStore($contentSections);
  const announcement = useStore($contentAnnouncement);
  const [previewing, setPreviewing] = useState(false);

  useEffect(() => {
    loadSections().catch(() => undefined);
  }, []);
  // A newly opened section starts at its heading, for keyboard and screen reader users alike (on a phone, below the tree: it scrolls there).
  const openId = section?.id;
  useEffect(() => {
    if (openId) document.getElementById('content-section-heading')?.focus();
  }, [openId]);

  const page = section ? pageOf(sections, section.id) : undefined;
  return (
    <section className="content-screen">
      <PageHeader title="Pages" description="The words and pictures of the site's pages. Saved changes reach the site when you publish." />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <PublishPanel />
      <div className="content-layout">
        <SectionTree />
        <div className="content-main">
          {section ? (
            <>
              <div className="content-row-actions content-preview-toggle">
                <button type="button" className="bo-button" aria-expanded={previewing} aria-controls="page-preview" onClick={() => setPreviewing(!previewing)}>
                  {previewing ? 'Hide the page preview' : `Preview the page (${page?.name ?? section.name})`}
                </button>
              </div>
              <div id="page-preview">{previewing && page && <PagePreview sections={subtreeOf(sections, page.id)} />}</div>
              <SectionPanel key={section.id} section={section} />
            </>
          ) : (
            <p className="bo-hint content-empty">Choose a section to edit its elements, or create one.</p>
          )}
        </div>
      </div>
    </section>
  );
}
