import { useId, useState, type SubmitEvent } from 'react';
import { messageOf } from '#src/api/client.ts';
import { NOTE_MAX } from '#src/schemas/pipeline.ts';
import { showError, toast } from '#src/ui/dialogs.ts';

/**
 * The one place a note is written on a callback, quote or renewal: at the head of its timeline,
 * where the note then shows, as HubSpot and Pipedrive put the composer above the activity.
 * The server checks it with the pipeline's own `note` rule.
 */
export function NoteComposer({ onNote }: { onNote(note: string): Promise<string> }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      toast(await onNote(note), 'Success!');
      setNote('');
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="rt-composer" onSubmit={save}>
      <label className="ui-label" htmlFor={`${id}-note`}>
        Add a note
      </label>
      <textarea
        id={`${id}-note`}
        className="ui-input ui-textarea"
        rows={2}
        maxLength={NOTE_MAX}
        placeholder="A call, a mail, what was said or agreed: for whoever picks this up next"
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={saving || !note.trim()}>
          {saving ? 'Saving…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}
