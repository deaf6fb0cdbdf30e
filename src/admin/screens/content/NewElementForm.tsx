import { useState } from 'react';
import { ApiError, messageOf } from '#src/api/client.ts';
import { CONTENT_LIMITS, type ContentFieldType, type ContentValue } from '#src/schemas/content.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { ALREADY_CREATING, announce, createElement } from '#src/admin/stores/content.ts';
import { ValueEditor } from './ValueEditor.tsx';
import { emptyValue, fieldTypeOptions, parsedValue, valueErrors } from './value-rules.ts';

/** Adds an element to a section: its name, field type and first value (the API's create payload). */
export function NewElementForm({ sectionId }: { sectionId: string }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<ContentFieldType>('text');
  const [value, setValue] = useState<unknown>(emptyValue('text'));
  const [touched, setTouched] = useState(false);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<{ message: string; nameError?: string } | null>(null);

  const trimmed = name.trim();
  const nameError = !trimmed ? 'Required' : trimmed.includes('/') ? 'A name cannot contain a slash (/)' : undefined;
  const errors = valueErrors(type, value, trimmed);
  const base = `new-element-${sectionId}`;

  const submit = async (event: React.SubmitEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (nameError || Object.keys(errors).length) return;
    setCreating(true);
    try {
      await createElement({ sectionId, name: trimmed, fieldType: type, value: parsedValue(type, value) as ContentValue, config: {} });
      announce(`${trimmed} added. Publish to put it on the site.`);
      setName('');
      setValue(emptyValue(type));
      setTouched(false);
    } catch (error) {
      // The same create already in flight: it was not sent again, and that one's answer counts.
      if (error instanceof ApiError && error.message === ALREADY_CREATING) return;
      const nameIssue = error instanceof ApiError ? error.errors.find((issue) => issue.field === 'name')?.message : undefined;
      const valueIssue = error instanceof ApiError ? error.errors.find((issue) => issue.field !== 'name')?.message : undefined;
      setFailure({ message: valueIssue ? `${messageOf(error)} ${valueIssue}` : messageOf(error), nameError: nameIssue });
    } finally {
      setCreating(false);
    }
  };

  return (
    <form className="content-new-element" onSubmit={submit} noValidate aria-labelledby={`${base}-heading`}>
      <h3 id={`${base}-heading`}>Add a field</h3>
      <div className="content-inline-form">
        <FormField
          id={`${base}-name`}
          label="Field name"
          value={name}
          maxLength={CONTENT_LIMITS.elementName}
          error={failure?.nameError ?? nameError}
          touched={touched}
          required
          onChange={(event) => setName(event.target.value)}
        />
        <FormField
          as="select"
          id={`${base}-type`}
          label="Kind of content"
          value={type}
          touched={false}
          onChange={(event) => {
            const next = event.target.value as ContentFieldType;
            setType(next);
            setValue(emptyValue(next));
          }}
        >
          {fieldTypeOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FormField>
      </div>
      <ValueEditor
        key={type}
        id={`${base}-value`}
        label="Content"
        type={type}
        value={value}
        config={{}}
        onChange={setValue}
        errors={errors}
        showErrors={touched}
        disabled={creating}
        structure
      />
      {failure && (
        <p className="bo-error" role="alert">
          {failure.message}
        </p>
      )}
      <div className="content-row-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={creating}>
          {creating ? 'Adding…' : 'Add the field'}
        </button>
      </div>
    </form>
  );
}
