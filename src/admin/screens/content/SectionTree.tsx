import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ApiError, messageOf } from '#src/api/client.ts';
import { CONTENT_LIMITS, type SectionView } from '#src/schemas/content.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { $contentSections, $selectedSectionId, announce, createSection, selectSection } from '#src/admin/stores/content.ts';
import { buildTree, placeOf, type TreeNode } from '#src/admin/stores/content-tree.ts';
import { ChevronRight, FileText, LayoutPanelTop } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';

/**
 * The parent choice of a section at the top of the tree, under the label 'Place it inside'. It
 * is not a page yet: pages come with the website's code (the Pages list says so too), which
 * shows a top-level section's copy once a page of the code reads it.
 */
export const PAGE_OF_ITS_OWN = 'Nothing: a page of its own';

/** The content sections as a tree by name path (Home, Home/Hero…); choosing one opens it beside the tree. */
export function SectionTree() {
  const { sections, isLoading, error } = useStore($contentSections);
  const selected = useStore($selectedSectionId);
  const tree = buildTree(sections);
  return (
    <nav className="content-tree" aria-labelledby="content-tree-heading">
      <h2 id="content-tree-heading" tabIndex={-1}>
        Pages and their sections
      </h2>
      {error && (
        <p className="bo-error" role="alert">
          {error}
        </p>
      )}
      {isLoading && sections.length === 0 ? (
        <p className="bo-hint">Loading the sections…</p>
      ) : tree.length === 0 ? (
        <p className="bo-hint">No sections yet. Add the first one below.</p>
      ) : (
        <Branch nodes={tree} selected={selected} openPath={sections.find((section) => section.id === selected)?.idPath ?? ''} />
      )}
      <NewSectionForm sections={sections} parent={selected} />
    </nav>
  );
}

/**
 * One level of the tree. A section's children show while it or one inside it is open, so the
 * tree stays short (a site has a hundred sections): opening a page shows its blocks.
 */
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function Branch({ nodes, selected, openPath }: { nodes: TreeNode[]; selected: string | null; openPath: string }) {
  return (
    <ul>
      {nodes.map(({ section, children }) => {
        const expanded = children.length > 0 ? openPath === section.idPath || openPath.startsWith(`${section.idPath}/`) : undefined;
        return (
          <li key={section.id}>
            <button
              type="button"
              className="content-tree-item"
              aria-current={section.id === selected ? 'true' : undefined}
              aria-expanded={expanded}
              title={placeOf(section)}
              onClick={() => selectSection(section.id)}
            >
              {/* A chevron where there is more inside; a page at the top, a block of one below it. */}
              <span className="content-tree-twisty">{children.length > 0 && <Icon svg={ChevronRight} size={14} />}</span>
              <Icon svg={section.level === 0 ? FileText : LayoutPanelTop} size={16} className="content-tree-icon" />
              <span className="content-tree-name">
                {section.name}
                {children.length > 0 && !expanded && <span className="content-tree-more"> · {plural(children.length, 'section')}</span>}
              </span>
              {section.elements.length > 0 && <span className="content-tree-count">{plural(section.elements.length, 'field')}</span>}
            </button>
            {expanded && <Branch nodes={children} selected={selected} openPath={openPath} />}
          </li>
        );
      })}
    </ul>
  );
}

/** A new section under the open one (or any other, or at the top). */
function NewSectionForm({ sections, parent }: { sections: SectionView[]; parent: string | null }) {
  const [name, setName] = useState('');
  const [under, setUnder] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const chosenParent = under ?? parent ?? '';
  const trimmed = name.trim();
  const nameError = !trimmed ? 'Required' : trimmed.includes('/') ? 'A name cannot contain a slash (/)' : undefined;

  const submit = async (event: React.SubmitEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure('');
    if (nameError) return;
    setBusy(true);
    try {
      const section = await createSection(trimmed, chosenParent || null);
      announce(`Section ${placeOf(section)} created and opened.`);
      setName('');
      setUnder(null);
      setTouched(false);
    } catch (error) {
      setFailure(error instanceof ApiError && error.errors[0] ? error.errors[0].message : messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="content-new-section" onSubmit={submit} noValidate aria-labelledby="new-section-heading">
      <h3 id="new-section-heading">Create a section</h3>
      <FormField
        id="new-section-name"
        label="Section name"
        value={name}
        maxLength={CONTENT_LIMITS.sectionName}
        error={nameError}
        touched={touched}
        required
        onChange={(event) => setName(event.target.value)}
      />
      <FormField
        as="select"
        id="new-section-parent"
        label="Place it inside"
        value={chosenParent}
        touched={false}
        onChange={(event) => setUnder(event.target.value)}
      >
        <option value="">{PAGE_OF_ITS_OWN}</option>
        {[...sections]
          .filter((section) => section.level < CONTENT_LIMITS.maxLevel)
          .sort((a, b) => a.namePath.localeCompare(b.namePath))
          .map((section) => (
            <option key={section.id} value={section.id}>
              {placeOf(section)}
            </option>
          ))}
      </FormField>
      {failure && (
        <p className="bo-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="bo-button bo-button-primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create the section'}
      </button>
    </form>
  );
}
