import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ApiError, messageOf } from '#src/api/client.ts';
import type { ElementView } from '#src/schemas/content.ts';
import { toast, showError } from '#src/ui/dialogs.ts';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import { deleteAfterConfirming } from '#src/admin/delete-flow.ts';
import { formatDateTime } from '#src/admin/format.ts';
import { $elementHistory, announce, deleteElement, loadHistory, reorderElement, restoreElement, saveElement } from '#src/admin/stores/content.ts';
import { FactsNamed, TextWithFacts } from './FactChips.tsx';
import { ValueEditor } from './ValueEditor.tsx';
import { describeValue, fieldTypeLabels, parsedValue, valueErrors } from './value-rules.ts';

type Props = { element: ElementView; index: number; count: number };

/**
 * One element of the structure view: its name, kind and value in one line, so a section reads as
 * its shape (as a collection's fields do in Directus); Edit opens its editor in place, with Save,
 * its history with Restore, and its place in the section. Words are mostly changed under Pages.
 */
export function ElementCard({ element, index, count }: Props) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<unknown>(element.value);
  const [savedValue, setSavedValue] = useState<unknown>(element.value);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [restoring, setRestoring] = useState<string | null>(null);
  const history = useStore($elementHistory)[element.id];

  // A value saved elsewhere (a restore, a save read back) replaces the draft; a reload of the
  // tree gives equal values in new objects, which must not throw away what is being typed.
  if (JSON.stringify(element.value) !== JSON.stringify(savedValue)) {
    setSavedValue(element.value);
    setDraft(element.value);
    setTouched(false);
  }

  const errors = valueErrors(element.fieldType, draft, element.name);
  const changed = JSON.stringify(draft) !== JSON.stringify(element.value);
  const base = `element-${element.id}`;

  const save = async () => {
    setTouched(true);
    setServerError('');
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      await saveElement(element, { value: parsedValue(element.fieldType, draft) });
      announce(`${element.name} saved. Publish to put it on the site.`);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.errors[0]?.message : undefined;
      setServerError(fieldMessage ? `${error instanceof ApiError ? error.message : ''} ${fieldMessage}`.trim() : messageOf(error));
    } finally {
      setSaving(false);
    }
  };
  const toggleHistory = async () => {
    if (historyOpen) return setHistoryOpen(false);
    setHistoryOpen(true);
    try {
      await loadHistory(element.id);
    } catch (error) {
      await showError(messageOf(error));
    }
  };
  const restore = async (historyId: string) => {
    setRestoring(historyId);
    try {
      await restoreElement(element.id, historyId);
      announce(`The earlier value of ${element.name} is restored. Publish to put it on the site.`);
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setRestoring(null);
    }
  };
  const move = async (step: -1 | 1) => {
    try {
      await reorderElement(element, step);
      announce(`${element.name} moved to position ${index + step + 1} of ${count}.`);
      // Focus stays on the moved element, on its menu, ready to move it again.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${base}-card .content-element-menu .ui-menu-button`)?.focus());
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <article id={`${base}-card`} className="content-element" aria-labelledby={`${base}-title`}>
      <header className="content-element-head">
        {/* The name with its badge, kept together when a phone wraps the line; Edit and the menu at the end. */}
        <div className="content-element-title">
          <h3 id={`${base}-title`}>
            {element.name} <span className="content-type">{fieldTypeLabels[element.fieldType]}</span>
          </h3>
          {/* Only what differs from the site is marked, as Ghost marks drafts: a published element is the quiet norm. */}
          {element.unpublished && <span className="bo-badge bo-badge-progress">Not yet published</span>}
        </div>
        <span className="content-element-state">
          {/* A change in hand keeps the editor open: Save or Undo closes the question first. */}
          {!changed && !saving && (
            <button
              type="button"
              className="bo-button bo-button-quiet"
              aria-expanded={open}
              aria-controls={open ? `${base}-editor` : undefined}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Close' : 'Edit'}
              <span className="visually-hidden"> {element.name}</span>
            </button>
          )}
          {/* History, Move and Delete wait in the element's menu, Delete last (it asks first). */}
          <OptionsMenu
            className="content-element-menu"
            label={`Options for ${element.name}`}
            items={[
              {
                label: historyOpen ? 'Hide history' : 'History',
                onSelect: () => {
                  setOpen(true);
                  void toggleHistory();
                },
              },
              ...(index > 0 ? [{ label: 'Move up', onSelect: () => void move(-1) }] : []),
              ...(index < count - 1 ? [{ label: 'Move down', onSelect: () => void move(1) }] : []),
              {
                label: 'Delete',
                tone: 'danger' as const,
                onSelect: () =>
                  void deleteAfterConfirming(async () => {
                    await deleteElement(element);
                    toast(`${element.name} has been deleted.`, 'Deleted!');
                  }),
              },
            ]}
          />
        </span>
      </header>
      {!open && (
        <p className="content-element-summary">
          <TextWithFacts text={describeValue(element.fieldType, element.value)} />
        </p>
      )}
      {open && (
        <div id={`${base}-editor`} className="content-element-editor">
          <ValueEditor
            id={base}
            label={element.name}
            type={element.fieldType}
            value={draft}
            config={element.config}
            onChange={(value) => {
              setDraft(value);
              setTouched(true);
            }}
            errors={errors}
            showErrors={touched}
            disabled={saving}
            structure
            labelHidden
          />
          <FactsNamed value={draft} />
          {serverError && (
            <p className="bo-error" role="alert">
              {serverError}
            </p>
          )}
          {/* Save and Undo appear once the value is changed, as in Directus: no row of grey buttons. */}
          {(changed || saving) && (
            <div className="content-row-actions">
              <button type="button" className="bo-button bo-button-primary" disabled={saving} onClick={save}>
                {saving ? 'Saving…' : 'Save'}
                <span className="visually-hidden"> {element.name}</span>
              </button>
              {changed && (
                <button
                  type="button"
                  className="bo-button"
                  disabled={saving}
                  onClick={() => {
                    setDraft(element.value);
                    setTouched(false);
                    setServerError('');
                  }}
                >
                  Undo changes<span className="visually-hidden"> to {element.name}</span>
                </button>
              )}
            </div>
          )}
          {historyOpen && (
            <section id={`${base}-history`} className="content-history" aria-label={`History of ${element.name}`}>
              {!history ? (
                <p className="bo-hint">Loading the history…</p>
              ) : history.length === 0 ? (
                <p className="bo-hint">No earlier values: this is the first one saved.</p>
              ) : (
                <ol>
                  {history.map((entry) => (
                    <li key={entry.id}>
                      <p className="content-history-value">
                        <TextWithFacts text={describeValue(element.fieldType, entry.previousValue)} />
                      </p>
                      <p className="bo-hint">
                        Replaced by {entry.changedByName ?? 'a former member of staff'} on{' '}
                        <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
                      </p>
                      <button type="button" className="bo-button" disabled={restoring !== null} onClick={() => restore(entry.id)}>
                        {restoring === entry.id ? 'Restoring…' : 'Restore'}
                        <span className="visually-hidden"> this value of {element.name}</span>
                      </button>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}
        </div>
      )}
    </article>
  );
}
