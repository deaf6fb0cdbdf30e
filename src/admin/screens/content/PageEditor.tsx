import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ExternalLink } from 'lucide-static';
import { messageOf } from '../../../api/client.ts';
import { parseMarkerKey } from '../../../lib/content-markers.ts';
import type { SectionView } from '../../../schemas/content.ts';
import { showError } from '../../../ui/dialogs.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Icon } from '../../kit/Icon.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { Panel } from '../../kit/Panel.tsx';
import { $contentSections, loadSections } from '../../stores/content.ts';
import { subtreeOf } from '../../stores/content-tree.ts';
import { $contentPages, $facts, $preview, buildPreview, loadContentPages, loadFacts } from '../../stores/pages.ts';
import { $login } from '../../stores/session.ts';
import { PageField } from './PageField.tsx';
import { PagePreviewFrame, type PreviewHandle } from './PagePreviewFrame.tsx';
import { PublishBar } from './PublishBar.tsx';
import { SearchListingPreview } from './SearchListingPreview.tsx';
import { SEARCH_SECTION } from '../../../schemas/search-listing.ts';
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
  const [selected, setSelected] = useState<string | null>(null);
  const [pane, setPane] = useState<'fields' | 'preview'>('fields');
  const frame = useRef<PreviewHandle>(null);
  const rebuild = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    Promise.all([loadSections(), loadFacts(), loadContentPages()]).catch((error: unknown) => void showError(messageOf(error)));
    void buildPreview();
    return () => clearTimeout(rebuild.current);
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
  const pick = (key: string) => {
    setSelected(parseMarkerKey(key).elementId);
    setPane('fields');
    // Into the field itself, so typing changes what was clicked.
    requestAnimationFrame(() =>
      document
        .getElementById(`field-${parseMarkerKey(key).elementId}`)
        ?.querySelector<HTMLElement>('input, textarea, select, button')
        ?.focus(),
    );
  };

  return (
    <section className="bo-page-editor-screen">
      <PageHeader
        breadcrumb={[{ label: 'Pages', href: '/admin/content' }]}
        title={root.name}
        meta={
          <>
            {page && <span>{[page.path, ...page.alsoAt].join(', ')}</span>}
            {changes > 0 ? (
              <span className="bo-badge bo-badge-progress">
                {changes} unpublished {changes === 1 ? 'change' : 'changes'}
              </span>
            ) : (
              <span className="bo-badge bo-badge-success">All published</span>
            )}
          </>
        }
        actions={
          <>
            {user?.isAdmin && (
              <a className="bo-button bo-button-quiet" href="/admin/content/structure">
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
      <PublishBar onPublished={() => void loadContentPages()} />
      <fieldset className="bo-segmented bo-page-editor-panes">
        <legend className="visually-hidden">Show</legend>
        <button type="button" className="bo-button bo-button-quiet" aria-pressed={pane === 'fields'} onClick={() => setPane('fields')}>
          Fields
        </button>
        <button type="button" className="bo-button bo-button-quiet" aria-pressed={pane === 'preview'} onClick={() => setPane('preview')}>
          Preview
        </button>
      </fieldset>
      <div className="bo-page-editor" data-pane={pane}>
        <div className="bo-page-editor-fields bo-stack">
          {parts.map((section) => (
            <Panel key={section.id} title={sectionTitle(section, root)}>
              <div className="bo-form-fields">
                {section.elements.map((element) => (
                  <PageField
                    key={element.id}
                    element={element}
                    facts={facts}
                    selected={selected === element.id}
                    preview={frame}
                    onSelect={() => setSelected(element.id)}
                    onSaved={saved}
                  />
                ))}
                {page && section.name === SEARCH_SECTION && section.parent === root.id && <SearchListingPreview section={section} page={page} facts={facts} />}
              </div>
            </Panel>
          ))}
        </div>
        <div className="bo-page-editor-preview">
          <PagePreviewFrame
            ref={frame}
            href={preview.href}
            path={page?.path ?? '/'}
            building={preview.isBuilding}
            error={preview.error}
            selected={selected}
            onPick={pick}
            onRefresh={() => void buildPreview()}
          />
        </div>
      </div>
    </section>
  );
}
