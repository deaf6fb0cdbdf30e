import { useEffect, useId, useState } from 'react';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { useOwners } from '../list/pipeline-parts.ts';
import { useSaveOnChoice } from './use-save-on-choice.ts';

/** A change the page sends: a stage (the stage bar), an owner (this field) or a note (the note box in NextStepPanel). */
export type PipelineChange = { status?: string; ownerId?: string | null; note?: string };

type Props = {
  owner: { _id: string; name: string } | null;
  onSave(change: PipelineChange): Promise<string>;
};

const NOBODY = '';

/**
 * Who owns a callback, quote or renewal, saved as soon as another is chosen (a toast says so;
 * a refusal puts the choice back and says why in a dialog), as Linear and HubSpot save a field.
 * It heads the "Owner and next step" card (NextStepPanel's `owner`): a card of its own held
 * this one field. The stage is the stage bar's (StageBar.tsx); notes are written in that card too.
 */
export function OwnerField({ owner: savedOwner, onSave }: Props) {
  const id = useId();
  const owners = useOwners();
  const [owner, setOwner] = useState(savedOwner?._id ?? NOBODY);
  const [saving, setSaving] = useState(false);
  // A saved change (here or by a colleague, on reload) is the new starting point.
  useEffect(() => setOwner(savedOwner?._id ?? NOBODY), [savedOwner?._id]);

  const savedId = savedOwner?._id ?? NOBODY;

  const save = async (chosen: string) => {
    if (chosen === savedId) return;
    setOwner(chosen);
    setSaving(true);
    try {
      toast(await onSave({ ownerId: chosen || null }), 'Success!');
    } catch (error) {
      setOwner(savedId);
      await showError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  // Arrow keys on a closed list step through its names: the one stepped to is saved on leaving it, or Enter.
  const choice = useSaveOnChoice(
    setOwner,
    (chosen) => void save(chosen),
    () => owner,
  );
  // The owner may be someone the list no longer has (their account was just removed): still shown.
  const choices = savedOwner && !owners.some((person) => person._id === savedOwner._id) ? [savedOwner, ...owners] : owners;
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={`${id}-owner`}>
        Owner
      </label>
      <select id={`${id}-owner`} className="ui-input ui-select" value={owner} aria-describedby={`${id}-owner-hint`} aria-busy={saving} {...choice}>
        <option value={NOBODY}>Nobody</option>
        {choices.map((person) => (
          <option key={person._id} value={person._id}>
            {person.name}
          </option>
        ))}
      </select>
      <p id={`${id}-owner-hint`} className="bo-hint">
        Saved as soon as you choose.
      </p>
    </div>
  );
}
