import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ApiError, messageOf } from '#src/api/client.ts';
import { CONTENT_LIMITS, type SectionView } from '#src/schemas/content.ts';
import { confirmCascade, toast, showError } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { deleteAfterConfirming } from '#src/admin/delete-flow.ts';
import { $contentSections, announce, deleteSection, holdsContent, reorderSection, selectSection, updateSection } from '#src/admin/stores/content.ts';
import { childrenOf, pageOf, placeOf, possibleParents } from '#src/admin/stores/content-tree.ts';
import { ElementCard } from './ElementCard.tsx';
import { NewElementForm } from './NewElementForm.tsx';
import { PAGE_OF_ITS_OWN } from './SectionTree.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The open section: rename, move, reorder and delete it; edit, add and order its elements. */
export function SectionPanel({ section }: { section: SectionView }) {
  const { sections } = useStore($contentSections);
  const siblings = childrenOf(sections, section.parent);
  const place = siblings.findIndex((sibling) => sibling.id === section.id);
  const inside = childrenOf(sections, section.id);
  const page = pageOf(sections, section.id);

  const move = async (step: -1 | 1) => {
    try {
      await reorderSection(section.id, step);
      announce(`${section.name} moved to position ${place + step + 1} of ${siblings.length}.`);
    } catch (error) {
      await showError(messageOf(error));
    }
  };
  const remove = () =>
    deleteAfterConfirming(async () => {
      const inside = holdsContent(section.id);
      const cascade = inside.sections + inside.elements > 0;
      if (
        cascade &&
        !(await confirmCascade(
          `${placeOf(section)} holds ${plural(inside.sections, 'section', 'sections')} and ${plural(inside.elements, 'field', 'fields')}. They will all be deleted with it, and leave the site at the next publish.`,
          'Yes, delete them all',
        ))
      )
        return;
      await deleteSection(section.id, cascade);
      toast(`${placeOf(section)} has been deleted.`, 'Deleted!');
      document.getElementById('content-tree-heading')?.focus();
    });

  return (
    <section className="content-section" aria-labelledby="content-section-heading">
      <header className="content-section-head">
        <h2 id="content-section-heading" tabIndex={-1}>
          {placeOf(section)}
        </h2>
        {/* The words and pictures are changed on the page itself, where they are seen in place. */}
        {page && (
          <a className="bo-button" href={`/admin/content/page/${page.id}`}>
            Edit the page {page.name}
          </a>
        )}
      </header>
      <details className="content-section-settings bo-fold">
        <summary>Rename, move or delete this section</summary>
        <RenameForm key={`rename-${section.id}`} section={section} />
        <MoveForm key={`move-${section.id}-${section.parent}`} section={section} sections={sections} />
        <div className="content-row-actions">
          <button type="button" className="bo-button" disabled={place <= 0} onClick={() => move(-1)}>
            Move up<span className="visually-hidden"> {section.name} among its neighbours</span>
          </button>
          <button type="button" className="bo-button" disabled={place < 0 || place >= siblings.length - 1} onClick={() => move(1)}>
            Move down<span className="visually-hidden"> {section.name} among its neighbours</span>
          </button>
          <button type="button" className="bo-button bo-button-danger-quiet content-danger" onClick={remove}>
            Delete the section
          </button>
        </div>
      </details>
      {inside.length > 0 && (
        // In one column the list of pages is put away while a section is open: its own sections are one tap from here.
        <nav className="content-children" aria-labelledby="content-children-heading">
          <h3 id="content-children-heading" className="content-subheading">
            Sections inside
          </h3>
          <ul className="content-children-list">
            {inside.map((child) => (
              <li key={child.id}>
                <button type="button" className="bo-button" onClick={() => selectSection(child.id)}>
                  {child.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <h3 className="content-subheading">Elements in this section</h3>
      {section.elements.length === 0 ? (
        <p className="bo-hint">Nothing to fill in here yet: add the first element below.</p>
      ) : (
        section.elements.map((element, index) => <ElementCard key={element.id} element={element} index={index} count={section.elements.length} />)
      )}
      <NewElementForm key={section.id} sectionId={section.id} />
    </section>
  );
}

function RenameForm({ section }: { section: SectionView }) {
  const [name, setName] = useState(section.name);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const trimmed = name.trim();
  const nameError = !trimmed ? 'Required' : trimmed.includes('/') ? 'A name cannot contain a slash (/)' : undefined;
  const error = nameError ?? (failure || undefined);
  const submit = async (event: React.SubmitEvent) => {
    event.preventDefault();
    if (nameError) return;
    setBusy(true);
    setFailure('');
    try {
      await updateSection(section.id, { name: trimmed });
      announce(`Section renamed to ${trimmed}.`);
    } catch (caught) {
      setFailure(caught instanceof ApiError && caught.errors[0] ? caught.errors[0].message : messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="content-inline-form" onSubmit={submit} noValidate>
      <FormField
        id={`rename-${section.id}`}
        label="Name"
        value={name}
        maxLength={CONTENT_LIMITS.sectionName}
        error={error}
        touched={name !== section.name || Boolean(failure)}
        onChange={(event) => {
          setName(event.target.value);
          setFailure('');
        }}
      />
      <button type="submit" className="bo-button" disabled={busy || trimmed === section.name}>
        {busy ? 'Renaming…' : 'Rename'}
      </button>
    </form>
  );
}

function MoveForm({ section, sections }: { section: SectionView; sections: SectionView[] }) {
  const [parent, setParent] = useState(section.parent ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const submit = async (event: React.SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      await updateSection(section.id, { parent: parent || null });
      announce(
        `Section moved ${parent ? `inside ${sections.find((candidate) => candidate.id === parent)?.name ?? 'its new parent'}` : 'as a page of its own'}.`,
      );
    } catch (caught) {
      setFailure(caught instanceof ApiError && caught.errors[0] ? caught.errors[0].message : messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="content-inline-form" onSubmit={submit} noValidate>
      <FormField
        as="select"
        id={`move-${section.id}`}
        label="Place it inside"
        value={parent}
        error={failure || undefined}
        touched
        onChange={(event) => setParent(event.target.value)}
      >
        <option value="">{PAGE_OF_ITS_OWN}</option>
        {possibleParents(sections, section.id).map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {placeOf(candidate)}
          </option>
        ))}
      </FormField>
      <button type="submit" className="bo-button" disabled={busy || parent === (section.parent ?? '')}>
        {busy ? 'Moving…' : 'Move'}
      </button>
    </form>
  );
}
