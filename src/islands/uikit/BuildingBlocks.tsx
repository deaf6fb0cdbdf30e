import { useState } from 'react';
import { DateOfBirth } from '#src/ui/DateOfBirth.tsx';
import { FileField } from '#src/ui/FileField.tsx';
import { FormField } from '#src/ui/FormField.tsx';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import { Pagination } from '#src/ui/Pagination.tsx';
import { PasswordField } from '#src/ui/PasswordField.tsx';
import { SearchList } from '#src/ui/SearchList.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { Switch } from '#src/ui/Switch.tsx';
import { COUNTIES } from '#src/schemas/leads/counties.ts';
import { THIS_YEAR_OR_NEXT } from '#src/schemas/leads/form-definition.ts';
import { calendarYearsContext } from '#src/ui/date-of-birth-rules.ts';
import { messages } from '#src/schemas/messages.ts';
import '#src/ui/ui.css';
import { withAppErrorBoundary } from '#src/ui/AppErrorBoundary.tsx';

/** The file field's example takes images only (a constant, so the drop zone's options stay put between renders). */
const IMAGES_ONLY = { 'image/*': [] };

/**
 * The shared React building blocks (src/ui), live: the same components the back-office and
 * the forms use, each in a working state. Rendered on the server, interactive once touched.
 */
function BuildingBlocks() {
  const [page, setPage] = useState(0);
  const [on, setOn] = useState(true);
  const [chosen, setChosen] = useState('none yet');
  const [password, setPassword] = useState('correct horse battery');
  const [photos, setPhotos] = useState<File[]>([]);
  const [birthDate, setBirthDate] = useState('');
  const [startDate, setStartDate] = useState('');
  const [county, setCounty] = useState('');
  return (
    <div className="uikit-blocks">
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

      <h3>Date of birth</h3>
      <p>Held as: {birthDate || 'nothing yet (every part must be chosen)'}</p>
      <DateOfBirth id="uikit-dob" label="Date of birth" value={birthDate} onChange={setBirthDate} minimumAge={17} />

      {/* Any other date is asked as the quote forms ask it: the same Day, Month and Year selects, over its years. */}
      <h3>Date (this year or next)</h3>
      <p>Held as: {startDate || 'nothing yet (every part must be chosen)'}</p>
      <DateOfBirth id="uikit-start" label="When should cover start?" value={startDate} onChange={setStartDate} {...calendarYearsContext(THIS_YEAR_OR_NEXT)} />

      <h3>Search list</h3>
      <p>Chosen county: {county || 'none yet'}</p>
      <SearchList
        id="uikit-county"
        label="County"
        value={county}
        onChange={setCounty}
        // The search list's example: the 26 counties, as the quote forms list them.
        options={COUNTIES}
        placeholder="Start typing, e.g. wex"
        hint="Pick a county from the list; text that matches none is cleared when you leave the box."
      />

      <h3>Pagination</h3>
      <p>Page {page + 1} of 5 is showing.</p>
      <Pagination page={page} page_size={10} total_pages={5} onPageChange={setPage} />
    </div>
  );
}

/** The island inside the error boundary: a render error shows a reload screen, not a blank space. */
export default withAppErrorBoundary(BuildingBlocks);
