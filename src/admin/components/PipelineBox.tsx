import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { Panel } from '../kit/Panel.tsx';
import { statusLabel } from '../kit/StatusBadge.tsx';
import { useOwners } from '../list/pipeline-parts.ts';

/** A change the box sends: only what the person changed; a note alone comes from the timeline's composer. */
export type PipelineChange = { status?: string; ownerId?: string | null; note?: string };

type Props<S extends string> = {
  statuses: readonly S[];
  status: S;
  owner: { _id: string; name: string } | null;
  saving: boolean;
  onSave(change: PipelineChange): Promise<string>;
};

const NOBODY = '';

/**
 * Where one contact, quote or renewal stands: its status and its owner, saved together (a toast
 * says so). Save waits until something has changed. Notes are written on the timeline
 * (NoteComposer.tsx), so the page has one place for them.
 */
export function PipelineBox<S extends string>({ statuses, status: savedStatus, owner: savedOwner, saving, onSave }: Props<S>) {
  const id = useId();
  const owners = useOwners();
  const [status, setStatus] = useState<string>(savedStatus);
  const [owner, setOwner] = useState(savedOwner?._id ?? NOBODY);
  // A saved change (here or by a colleague, on reload) is the new starting point.
  useEffect(() => setStatus(savedStatus), [savedStatus]);
  useEffect(() => setOwner(savedOwner?._id ?? NOBODY), [savedOwner?._id]);

  const change: PipelineChange = {
    ...(status !== savedStatus ? { status } : {}),
    ...(owner !== (savedOwner?._id ?? NOBODY) ? { ownerId: owner || null } : {}),
  };
  const changed = Object.keys(change).length > 0;

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    try {
      toast(await onSave(change), 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  // The owner may be someone the list no longer has (their account was just removed): still shown.
  const choices = savedOwner && !owners.some((person) => person._id === savedOwner._id) ? [savedOwner, ...owners] : owners;
  return (
    <Panel title="Pipeline">
      <form className="bo-form-fields" onSubmit={save}>
        <div className="bo-form-pair">
          <div className="ui-field">
            <label className="ui-label" htmlFor={`${id}-status`}>
              Status
            </label>
            <select id={`${id}-status`} className="ui-input ui-select" value={status} onChange={(event) => setStatus(event.target.value)}>
              {statuses.map((option) => (
                <option key={option} value={option}>
                  {statusLabel(option)}
                </option>
              ))}
            </select>
          </div>
          <div className="ui-field">
            <label className="ui-label" htmlFor={`${id}-owner`}>
              Owner
            </label>
            <select id={`${id}-owner`} className="ui-input ui-select" value={owner} onChange={(event) => setOwner(event.target.value)}>
              <option value={NOBODY}>Nobody</option>
              {choices.map((person) => (
                <option key={person._id} value={person._id}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="bo-form-actions">
          <button type="submit" className="bo-button bo-button-primary" disabled={saving || !changed}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
