import * as v from 'valibot';
import { type ContentFieldType, contentFieldTypes, contentValueSchemas } from '#src/schemas/content.ts';
import { namedValueProblem } from '#src/schemas/search-listing.ts';

/** What the Content screen needs to know about each field type: its name for people, a new value, and its rule. */

export const fieldTypeLabels: Record<ContentFieldType, string> = {
  text: 'Text',
  longText: 'Long text',
  markdown: 'Markdown',
  image: 'Image',
  video: 'Video',
  link: 'Link',
  number: 'Number',
  boolean: 'Yes/no',
  list: 'List of entries',
};

export const fieldTypeOptions = contentFieldTypes.map((type) => ({ value: type, label: fieldTypeLabels[type] }));

export type ImageValue = { mediaId: string; alt: string };
/** A player's address, or the broker's own uploaded file. */
export type VideoValue = { url?: string; mediaId?: string; title?: string };
export type LinkValue = { url: string; label?: string };
export type ListValue = Record<string, string>[];

/** The value a new element of a type starts with (an image has none until one is uploaded). */
export function emptyValue(type: ContentFieldType): unknown {
  switch (type) {
    case 'image':
      return { mediaId: '', alt: '' };
    case 'video':
      return { url: '', title: '' };
    case 'link':
      return { url: '', label: '' };
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'list':
      return [];
    default:
      return '';
  }
}

/** A field error, keyed by where it sits in the value ('' for the value itself, 'url', '0.question'…). */
export type ValueErrors = Record<string, string>;

/** The value checked by the same rules the server applies (its type's, and its name's); the first message for each place. */
export function valueErrors(type: ContentFieldType, value: unknown, name = ''): ValueErrors {
  const result = v.safeParse(contentValueSchemas[type], value);
  const named = namedValueProblem(name, value);
  if (result.success) return named ? { '': named } : {};
  const errors: ValueErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The value as the server will keep it (trimmed addresses and the like). */
export function parsedValue(type: ContentFieldType, value: unknown): unknown {
  const result = v.safeParse(contentValueSchemas[type], value);
  return result.success ? result.output : value;
}

/** A short, plain description of a value: a folded element's line, and the history list's. */
export function describeValue(type: ContentFieldType, value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  switch (type) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'number':
      return String(value);
    case 'image': {
      const image = value as ImageValue;
      if (!image.mediaId) return "The page's own image";
      return image.alt ? `An image: "${image.alt}"` : 'An image with no description';
    }
    case 'video': {
      const video = value as VideoValue;
      const where = video.url ?? `uploaded video ${video.mediaId?.slice(0, 8)}…`;
      return video.title ? `${video.title} (${where})` : where;
    }
    case 'link': {
      const link = value as LinkValue;
      return link.label ? `${link.label} (${link.url})` : link.url;
    }
    case 'list': {
      const entries = value as ListValue;
      // The first entry by its title (not its first field, which may be an icon's name).
      const first = entries[0] ? entryTitle(entries[0], Object.keys(entries[0])) : '';
      return `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${first ? `: ${first}…` : ''}`;
    }
    default: {
      const text = String(value);
      if (!text.trim()) return 'Empty';
      return text.length > 160 ? `${text.slice(0, 160)}…` : text;
    }
  }
}

/** A list's field names: those its entries use, in first-seen order, or the element's `fields` setting ("question, answer"). */
export function listFields(entries: ListValue, config: Record<string, unknown>): string[] {
  const configured = typeof config.fields === 'string' ? config.fields.split(',').map((name) => name.trim()) : [];
  const seen = [...configured, ...entries.flatMap((entry) => Object.keys(entry))].filter(Boolean);
  const fields = [...new Set(seen)];
  return fields.length ? fields : ['title', 'text'];
}

/** Fields that name an entry, in the order one is looked for: they come first in the entry and title its row. */
const TITLE_FIELDS = ['title', 'question', 'name', 'heading', 'label'];

/** An entry's fields as a person reads them: what names it first, then the rest as they were. */
export function entryFieldOrder(fields: string[]): string[] {
  const rank = (field: string) => {
    const at = TITLE_FIELDS.indexOf(field.toLowerCase());
    return at === -1 ? TITLE_FIELDS.length : at;
  };
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/** The words that name an entry in its list: its title (or question, name…), else its first words. */
export function entryTitle(entry: Record<string, string>, fields: string[]): string {
  const named = fields.find((field) => TITLE_FIELDS.includes(field.toLowerCase()) && entry[field]?.trim());
  const text =
    (named
      ? entry[named]
      : fields
          .filter((field) => field !== 'icon' && field !== 'link')
          .map((field) => entry[field]?.trim())
          .find(Boolean)) ?? '';
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
}
