import { useState } from 'react';
import { messageOf } from '#src/api/client.ts';
import { CONTENT_LIMITS, type ContentFieldType } from '#src/schemas/content.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { previewMarkdown } from '#src/admin/stores/content.ts';
import { ImageEditor } from './ImageEditor.tsx';
import { ListEditor } from './ListEditor.tsx';
import { MarkdownField } from './MarkdownField.tsx';
import { VideoEditor } from './VideoEditor.tsx';
import type { ImageValue, LinkValue, ListValue, ValueErrors, VideoValue } from './value-rules.ts';
import { TextWithFacts } from './FactChips.tsx';

type Props = {
  /** Prefix of every control's id. */
  id: string;
  /** The element's name, the label of a single-control value. */
  label: string;
  type: ContentFieldType;
  value: unknown;
  config: Record<string, unknown>;
  onChange: (value: unknown) => void;
  errors: ValueErrors;
  /** Errors show once the value was changed or a save was tried (after a touch). */
  showErrors: boolean;
  disabled?: boolean;
  /** In the Administrators' structure view: a list's entries can gain a field. */
  structure?: boolean;
  /** The label is for screen readers only: a card's title already names the value. */
  labelHidden?: boolean;
  /**
   * The page editor's way with Markdown: written visually, with a switch to Markdown
   * (MarkdownField.tsx). The structure view keeps the Markdown textarea and its Preview.
   */
  visual?: boolean;
  /** False while the field's section is folded away: a visual editor is loaded once the field is seen. */
  shown?: boolean;
};

/** One editor per field type, each checked by the same rule as the server (value-rules.ts). */
export function ValueEditor(props: Props) {
  const { id, label, type, value, config, onChange, errors, showErrors, disabled, structure, labelHidden, visual, shown = true } = props;
  const error = (key = '') => (showErrors ? errors[key] : undefined);
  const hint = typeof config.hint === 'string' ? config.hint : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const hintLine = hint && (
    <p id={hintId} className="bo-hint">
      <TextWithFacts text={hint} />
    </p>
  );

  switch (type) {
    case 'text':
      // One line of words, in a box that grows to show all of a long heading rather than scroll it.
      return (
        <>
          <FormField
            as="textarea"
            className="bo-grows"
            rows={1}
            id={id}
            label={label}
            labelHidden={labelHidden}
            value={value as string}
            maxLength={CONTENT_LIMITS.text}
            error={error()}
            touched
            disabled={disabled}
            aria-describedby={hintId}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            onChange={(event) => onChange(event.target.value.replace(/[\r\n]+/g, ' '))}
          />
          {hintLine}
        </>
      );
    case 'longText':
      return (
        <>
          <FormField
            as="textarea"
            className="bo-grows bo-grows-tall"
            id={id}
            label={label}
            labelHidden={labelHidden}
            rows={3}
            value={value as string}
            maxLength={CONTENT_LIMITS.longText}
            error={error()}
            touched
            disabled={disabled}
            aria-describedby={hintId}
            onChange={(event) => onChange(event.target.value)}
          />
          {hintLine}
        </>
      );
    case 'markdown':
      if (visual) return <MarkdownField id={id} label={label} value={value as string} onChange={onChange} error={error()} hint={hint} visible={shown} />;
      return <MarkdownEditor {...props} error={error()} />;
    case 'number':
      return (
        <FormField
          id={id}
          label={label}
          labelHidden={labelHidden}
          type="number"
          inputMode="decimal"
          value={Number.isFinite(value) ? String(value) : ''}
          error={error()}
          touched
          disabled={disabled}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
        />
      );
    case 'boolean':
      return (
        // The whole line is the label, so a finger hits 44 px, not the box.
        <label className="bo-check-line">
          <input id={id} type="checkbox" checked={value === true} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
          <span>{label}: yes</span>
        </label>
      );
    case 'link': {
      const link = value as LinkValue;
      return (
        <fieldset className="content-group" disabled={disabled}>
          <legend>{label}</legend>
          <FormField
            id={`${id}-url`}
            label="Web address"
            value={link.url}
            error={error('url')}
            touched
            aria-describedby={`${id}-url-hint`}
            onChange={(event) => onChange({ ...link, url: event.target.value })}
          />
          <p id={`${id}-url-hint`} className="bo-hint">
            A page of this site (/contact-us), a web address (https://…), an email (mailto:sales@…) or a phone number (tel:+353…).
          </p>
          <FormField
            id={`${id}-label`}
            label="Link text"
            value={link.label ?? ''}
            maxLength={CONTENT_LIMITS.linkLabel}
            error={error('label')}
            touched
            onChange={(event) => onChange({ ...link, label: event.target.value })}
          />
        </fieldset>
      );
    }
    case 'video':
      return (
        <fieldset className="content-group">
          <legend>{label}</legend>
          <VideoEditor id={id} value={value as VideoValue} onChange={onChange} errors={errors} showErrors={showErrors} disabled={disabled} />
        </fieldset>
      );
    case 'image':
      return (
        <fieldset className="content-group">
          <legend>{label}</legend>
          <ImageEditor id={id} value={value as ImageValue} onChange={onChange} errors={errors} showErrors={showErrors} disabled={disabled} />
        </fieldset>
      );
    case 'list':
      return (
        <ListEditor
          id={id}
          label={label}
          value={value as ListValue}
          config={config}
          onChange={onChange}
          errors={showErrors ? errors : {}}
          disabled={disabled}
          canChangeFields={structure}
        />
      );
  }
}

/** Markdown with a preview rendered by the server's own renderer and sanitiser, exactly as the page will show it. */
function MarkdownEditor({ id, label, value, onChange, disabled, error }: Props & { error: string | undefined }) {
  const [preview, setPreview] = useState<{ html: string } | { failure: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const toggle = async () => {
    if (preview) return setPreview(null);
    setLoading(true);
    try {
      setPreview({ html: await previewMarkdown(value as string) });
    } catch (failure) {
      setPreview({ failure: messageOf(failure) });
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <FormField
        as="textarea"
        id={id}
        label={`${label} (Markdown)`}
        rows={8}
        value={value as string}
        maxLength={CONTENT_LIMITS.markdown}
        error={error}
        touched
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          setPreview(null);
        }}
      />
      <div className="content-row-actions">
        <button type="button" className="bo-button" aria-pressed={preview !== null} aria-controls={`${id}-preview`} disabled={loading} onClick={toggle}>
          {loading ? 'Rendering…' : preview ? 'Hide preview' : 'Preview'}
        </button>
      </div>
      <div id={`${id}-preview`}>
        {preview && 'failure' in preview && (
          <p className="bo-error" role="alert">
            {preview.failure}
          </p>
        )}
        {preview && 'html' in preview && (
          <section className="bo-content-preview" aria-label={`Preview of ${label}`}>
            {/* Rendered and sanitised by the server with the same rules as the published page. */}
            <div dangerouslySetInnerHTML={{ __html: preview.html }} />
          </section>
        )}
      </div>
    </>
  );
}
