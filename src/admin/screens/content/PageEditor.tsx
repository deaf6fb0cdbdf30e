import { Fragment, useEffect, useRef, useState } from 'react';
import { can } from '#src/schemas/roles.ts';
import { useStore } from '@nanostores/react';
import { ExternalLink } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { parseMarkerKey } from '#src/lib/content-markers.ts';
import type { SectionView } from '#src/schemas/content.ts';
import { showError } from '#src/ui/dialogs.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { CollapsiblePanel } from '#src/admin/kit/CollapsiblePanel.tsx';
import { $contentAnnouncement, $contentSections, loadSections } from '#src/admin/stores/content.ts';
import { subtreeOf } from '#src/admin/stores/content-tree.ts';
import { $contentPages, $facts, $preview, buildPreview, loadContentPages, loadFacts, stopPreview } from '#src/admin/stores/pages.ts';
import { $login } from '#src/admin/stores/session.ts';
import { useFoldedSidebar } from '#src/admin/layout/use-folded-sidebar.ts';
import { FOCUS_WRITING_EVENT } from '#src/admin/rich-text/MarkdownWriter.tsx';
import { REVEAL_ENTRY_EVENT } from './ListEditor.tsx';
import { PageField } from './PageField.tsx';
import { PagePreviewFrame, type PreviewHandle } from './PagePreviewFrame.tsx';
import { PublishBar } from './PublishBar.tsx';
import { SharePreview } from '#src/admin/components/SharePreview.tsx';
import { SearchListingPreview } from './SearchListingPreview.tsx';
import { SEARCH_SECTION } from '#src/schemas/search-listing.ts';
import './content.css';

/** How long after the last save the preview is built again (the words typed show at once meanwhile). */
const REBUILD_DELAY_MS = 1500;

/** A section's name under its page ('Hero', 'Key facts / Extras'); the page's own elements are 'The page'. */
const sectionTitle = (section: SectionView, root: SectionView) =>
  section.id === root.id ? 'The page' : section.namePath.slice(root.namePath.length + 1).replaceAll('/', ' / ');

/**
 * /admin/content/page/{id}: one page, edited on the page itself. Beside the fields (grouped and
 * named as the page's sections), the draft preview: the page built with the saved changes, the
 * words being typed patched in at once, every text a target that opens its field. Changes are
 * saved as drafts as typing pauses; Publish puts every page's drafts live in one site build.
 */
export function PageEditor({ id }: { id: string }) {
  const { sections, isLoading } = useStore($contentSections);
  const { pages } = useStore($contentPages);
  const facts = useStore($facts);
  const preview = useStore($preview);
  const { user } = useStore($login);
  const announcement = useStore($contentAnnouncement);
  const [selected, setSelected] = useState<string | null>(null);
  // What the preview outlines: the text clicked (one entry of a list), or the element being typed in.
  const [outlined, setOutlined] = useState<string | null>(null);
  const [pane, setPane] = useState<'fields' | 'preview'>('fields');
  // Sections folded open; null until the page is known, then its first section.
  const [open, setOpen] = useState<Set<string> | null>(null);
  // A text clicked on the preview, to be focused once its section (and list entry) is open.
  const [target, setTarget] = useState<{ key: string } | null>(null);
  const frame = useRef<PreviewHandle>(null);
  const rebuild = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!target) return;
    const { elementId, entry: place } = parseMarkerKey(target.key);
    const box = document.getElementById(`field-${elementId}`);
    // A list entry opens and focuses its own field, and a text its words (once its visual editor is
    // ready); any other field is focused here, so typing changes what was clicked.
    const writing = box?.querySelector('[data-writing]');
    if (place) box?.querySelector(`[data-entry="${place.index}"]`)?.dispatchEvent(new CustomEvent(REVEAL_ENTRY_EVENT, { bubbles: true, detail: place }));
    else if (writing) writing.dispatchEvent(new CustomEvent(FOCUS_WRITING_EVENT));
    else box?.querySelector<HTMLElement>('textarea, input:not([type="radio"]), select, button')?.focus();
  }, [target]);

  // The preview needs the width: the sidebar folds to icons while the page is edited.
  useFoldedSidebar();

  useEffect(() => {
    Promise.all([loadSections(), loadFacts(), loadContentPages()]).catch((error: unknown) => void showError(messageOf(error)));
    void buildPreview();
    return () => {
      clearTimeout(rebuild.current);
      stopPreview();
    };
  }, []);

  const root = sections.find((section) => section.id === id);
  const page = pages.find((candidate) => candidate.id === id);
  if (!root || !facts) {
    return isLoading || !facts || sections.length === 0 ? <Spinner label="Loading the page" /> : <p className="bo-alert">There is no such page.</p>;
  }

  const parts = subtreeOf(sections, root.id).filter((section) => section.elements.length > 0);
  const changes = parts.reduce((total, section) => total + section.elements.filter((element) => element.unpublished).length, 0);
  const saved = () => {
    clearTimeout(rebuild.current);
    rebuild.current = setTimeout(() => void buildPreview(), REBUILD_DELAY_MS);
  };
  const openSections = open ?? new Set(parts.slice(0, 1).map((section) => section.id));
  const toggle = (sectionId: string) => {
    const next = new Set(openSections);
    if (!next.delete(sectionId)) next.add(sectionId);
    setOpen(next);
  };
  const pick = (key: string) => {
    const { elementId } = parseMarkerKey(key);
    const section = parts.find((part) => part.elements.some((element) => element.id === elementId));
    setSelected(elementId);
    setOutlined(key);
    setPane('fields');
    if (section && !openSections.has(section.id)) setOpen(new Set([...openSections, section.id]));
    setTarget({ key });
  };

  return (
    <section className="bo-page-editor-screen">
      <PageHeader
        breadcrumb={[{ label: 'Pages', href: '/admin/content' }]}
        title={root.name}
        // The page's address as a link to the live page, in plain type: "/" alone would read as a typo.
        meta={
          page && (
            <span>
              Address{' '}
              {[page.path, ...page.alsoAt].map((path, index) => (
                <Fragment key={path}>
                  {index > 0 && ', '}
                  <a href={path} target="_blank" rel="noopener">
                    {path === '/' ? 'the home page (/)' : path}
                  </a>
                </Fragment>
              ))}
            </span>
          )
        }
        actions={
          <>
            {can(user?.role, 'administration') && (
              <a className="bo-button" href="/admin/content/structure">
                Edit the structure
              </a>
            )}
            {page && (
              <a className="bo-button" href={page.path} target="_blank" rel="noopener">
                <Icon svg={ExternalLink} size={16} />
                Live page
              </a>
            )}
          </>
        }
      />
      {/* Moves and removals of list entries are said here. */}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <PublishBar onThisPage={changes} onPublished={() => void loadContentPages()} />
      <fieldset className="bo-segmented bo-page-editor-panes">
        <legend className="visually-hidden">Show</legend>
        <button type="button" className="bo-button bo-button-quiet" aria-pressed={pane === 'fields'} onClick={() => setPane('fields')}>
          Edit
        </button>
        <button type="button" className="bo-button bo-button-quiet" aria-pressed={pane === 'preview'} onClick={() => setPane('preview')}>
          Preview
        </button>
      </fieldset>
      <div className="bo-page-editor" data-pane={pane}>
        <div className="bo-page-editor-fields bo-stack">
          {parts.map((section) => {
            const unpublished = section.elements.filter((element) => element.unpublished).length;
            const fields = section.elements.length;
            return (
              <CollapsiblePanel
                key={section.id}
                title={sectionTitle(section, root)}
                // The preview beside it holds the page's own section of that name.
                regionLabel={`Boxes: ${sectionTitle(section, root)}`}
                open={openSections.has(section.id)}
                onToggle={() => toggle(section.id)}
                meta={
                  <>
                    {unpublished > 0 && <span className="bo-badge bo-badge-progress">{unpublished} unpublished</span>}
                    <span>
                      {fields} {fields === 1 ? 'field' : 'fields'}
                    </span>
                  </>
                }
              >
                <div className="bo-form-fields">
                  {section.elements.map((element) => (
                    <PageField
                      key={element.id}
                      element={element}
                      facts={facts}
                      selected={selected === element.id}
                      shown={openSections.has(section.id)}
                      preview={frame}
                      onSelect={() => {
                        setSelected(element.id);
                        // Typing in a list's entry keeps the clicked entry outlined; another field outlines its own.
                        if (outlined === null || parseMarkerKey(outlined).elementId !== element.id) setOutlined(element.id);
                      }}
                      onSaved={saved}
                    />
                  ))}
                  {page && section.name === SEARCH_SECTION && section.parent === root.id && (
                    <SearchListingPreview section={section} page={page} facts={facts} />
                  )}
                </div>
              </CollapsiblePanel>
            );
          })}
          {page && <SharePreview target={{ kind: 'page', path: page.path }} shows="this page with every saved change" />}
        </div>
        <div className="bo-page-editor-preview">
          <PagePreviewFrame
            ref={frame}
            href={preview.href}
            path={page?.path ?? '/'}
            building={preview.isBuilding}
            error={preview.error}
            selected={outlined}
            onPick={pick}
            onRefresh={() => void buildPreview()}
          />
        </div>
      </div>
    </section>
  );
}
