import { useState } from 'react';
import { Accordion } from '../../ui/Accordion.tsx';
import { FileField } from '../../ui/FileField.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { OptionsMenu } from '../../ui/OptionsMenu.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { messages } from '../../schemas/messages.ts';
import '../../ui/ui.css';

/** The file field's example takes images only (a constant, so the drop zone's options stay put between renders). */
const IMAGES_ONLY = { 'image/*': [] };

/**
 * The shared React building blocks (src/ui), live: the same components the back-office and
 * the forms use, each in a working state. Rendered on the server, interactive once touched.
 */
export default function BuildingBlocks() {
  const [page, setPage] = useState(0);
  const [on, setOn] = useState(true);
  const [chosen, setChosen] = useState('none yet');
  const [password, setPassword] = useState('correct horse battery');
  const [photos, setPhotos] = useState<File[]>([]);
  return (
    <div className="uikit-blocks">
      <h3>Accordion</h3>
      <Accordion title="What does third party, fire and theft cover?" headingLevel={4}>
        <p>Injury and damage you cause to others, plus theft of or fire damage to your own vehicle.</p>
      </Accordion>

      <h3>Options menu</h3>
      <p>Chosen: {chosen}</p>
      <OptionsMenu
        label="Options for the example row"
        items={[
          { label: 'Edit', onSelect: () => setChosen('Edit') },
          { label: 'Delete', onSelect: () => setChosen('Delete') },
        ]}
      />

      <h3>Spinners</h3>
      <div className="uikit-row">
        <Spinner label="Loading (default)" />
        <Spinner variant="gear" label="Loading (gear)" />
        <Spinner variant="custom" label="Loading (custom)">
          <span aria-hidden="true">●</span>
        </Spinner>
      </div>

      <h3>Password field</h3>
      <PasswordField id="uikit-password" label="Password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="off" />

      <h3>Switch</h3>
      <Switch checked={on} onChange={setOn} label={`Email reminders ${on ? 'on' : 'off'}`} />

      <h3>Form field with an error</h3>
      <FormField id="uikit-email" label="Email" value="aoife@" onChange={() => undefined} error={messages.invalidEmail} touched />

      <h3>File field</h3>
      <FileField
        id="uikit-photos"
        label="Photos of the damage"
        value={photos}
        onChange={setPhotos}
        accept={IMAGES_ONLY}
        maxSize={5 * 1024 * 1024}
        maxFiles={3}
        hint="Images only, up to 5 MB each, at most 3."
      />

      <h3>Pagination</h3>
      <p>Page {page + 1} of 5 is showing.</p>
      <Pagination page={page} page_size={10} total_pages={5} onPageChange={setPage} />
    </div>
  );
}
