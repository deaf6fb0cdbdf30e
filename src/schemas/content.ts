import * as v from 'valibot';
import { isWebUrl, noControlCharacter, requiredText, URL_MAX } from './fields.ts';
import { limitMessages, messages } from './messages.ts';

/**
 * The site's editable content (CMS): sections in a tree, each holding named elements of a
 * field type. These rules are shared by the back-office Content screen and the API.
 */

export const contentFieldTypes = ['text', 'longText', 'markdown', 'image', 'video', 'link', 'number', 'boolean', 'list'] as const;
export type ContentFieldType = (typeof contentFieldTypes)[number];

/** Caps on every value: generous for a web page's copy, small enough to keep a page light. */
export const CONTENT_LIMITS = {
  sectionName: 80,
  elementName: 80,
  namePath: 500,
  /** Root sections are level 0; deeper than this is a sign of a mistake, not a page. */
  maxLevel: 5,
  text: 500,
  longText: 5_000,
  markdown: 20_000,
  alt: 200,
  linkLabel: 200,
  listEntries: 50,
  entryFields: 12,
  entryKey: 40,
  entryText: 2_000,
  configKeys: 20,
  configText: 500,
  number: 1_000_000_000,
  /** Ids in one reordering call. */
  reorder: 500,
} as const;

/** Hosts a video element may point at: the two players broker sites embed, without tracking variants we cannot vouch for. */
export const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'youtu.be', 'www.youtube-nocookie.com', 'vimeo.com', 'player.vimeo.com'] as const;

export const contentMessages = {
  unknownFieldType: `Unknown field type: use one of ${contentFieldTypes.join(', ')}`,
  slashInName: 'A name cannot contain a slash (/)',
  videoHost: `Videos can come from ${VIDEO_HOSTS.join(', ')} only`,
  videoValue: 'Give a video address or choose an uploaded video',
  wholeNumber: 'Must be a number',
  numberRange: `Must be between -${CONTENT_LIMITS.number.toLocaleString('en-IE')} and ${CONTENT_LIMITS.number.toLocaleString('en-IE')}`,
  tooManyEntries: `At most ${CONTENT_LIMITS.listEntries} entries`,
  tooManyFields: `At most ${CONTENT_LIMITS.entryFields} boxes in an entry`,
  tooManySettings: `At most ${CONTENT_LIMITS.configKeys} settings`,
  yesNo: 'Must be yes or no',
  linkValue: 'Must be a link with an address and a label',
  imageValue: 'Must be an image from the media library with its description',
  listValue: 'Must be a list of entries',
  listEntry: 'Each entry must be a group of named texts',
  settings: 'Settings must be a group of named values',
} as const;

const cappedText = (max: number) => v.pipe(v.string(messages.required), v.maxLength(max, limitMessages.tooLong(max)), noControlCharacter);

/**
 * A link: a web address (http, https), a mail or phone link, or a page of this site ('/about-us').
 * Never javascript:, data: or a protocol-relative '//host' address.
 */
export function isContentLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  return isWebUrl(value, ['http:', 'https:', 'mailto:', 'tel:']) || /^(mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s-]{3,20})$/.test(value);
}

const linkUrl = v.pipe(
  v.string(messages.invalidUrl),
  v.trim(),
  v.nonEmpty(messages.required),
  v.maxLength(URL_MAX, messages.invalidUrl),
  v.check(isContentLink, messages.invalidUrl),
);

export function isVideoUrl(value: string): boolean {
  if (!isWebUrl(value, ['https:'])) return false;
  return (VIDEO_HOSTS as readonly string[]).includes(new URL(value).hostname.toLowerCase());
}

const videoUrl = v.pipe(
  v.string(messages.invalidUrl),
  v.trim(),
  v.nonEmpty(messages.required),
  v.maxLength(URL_MAX, messages.invalidUrl),
  v.check((value) => isWebUrl(value, ['https:']), messages.invalidUrl),
  v.check(isVideoUrl, contentMessages.videoHost),
);

/** A list entry: named text fields (an FAQ's question and answer, a step's title and text). */
const listEntry = v.pipe(
  v.record(
    v.pipe(v.string(), v.nonEmpty(messages.required), v.maxLength(CONTENT_LIMITS.entryKey, limitMessages.tooLong(CONTENT_LIMITS.entryKey)), noControlCharacter),
    cappedText(CONTENT_LIMITS.entryText),
    contentMessages.listEntry,
  ),
  v.check((entry) => Object.keys(entry).length <= CONTENT_LIMITS.entryFields, contentMessages.tooManyFields),
);

const videoTitle = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(CONTENT_LIMITS.text, limitMessages.tooLong(CONTENT_LIMITS.text)), noControlCharacter),
  '',
);

/** What each field type's value must be. */
export const contentValueSchemas = {
  text: cappedText(CONTENT_LIMITS.text),
  // Long texts keep their line breaks; control characters other than those are refused.
  longText: cappedText(CONTENT_LIMITS.longText),
  markdown: cappedText(CONTENT_LIMITS.markdown),
  image: v.object(
    {
      /** An uploaded image (the media store's id; the server checks it exists), or empty: the page's own picture, until one is chosen. */
      mediaId: v.union([v.literal(''), v.pipe(v.string(messages.required), v.uuid('Choose an uploaded image'))], 'Choose an uploaded image'),
      alt: v.pipe(v.string(messages.required), v.trim(), v.maxLength(CONTENT_LIMITS.alt, limitMessages.tooLong(CONTENT_LIMITS.alt)), noControlCharacter),
    },
    contentMessages.imageValue,
  ),
  // A player's address (YouTube, Vimeo) or the broker's own uploaded clip.
  video: v.union(
    [
      v.object({ url: videoUrl, title: videoTitle }),
      v.object({
        /** An uploaded video (the media store's id); the server checks it exists. */
        mediaId: v.pipe(v.string(messages.required), v.uuid('Choose an uploaded video')),
        title: videoTitle,
      }),
    ],
    contentMessages.videoValue,
  ),
  link: v.object(
    {
      url: linkUrl,
      label: v.optional(
        v.pipe(v.string(), v.trim(), v.maxLength(CONTENT_LIMITS.linkLabel, limitMessages.tooLong(CONTENT_LIMITS.linkLabel)), noControlCharacter),
        '',
      ),
    },
    contentMessages.linkValue,
  ),
  number: v.pipe(
    v.number(contentMessages.wholeNumber),
    v.finite(contentMessages.wholeNumber),
    v.minValue(-CONTENT_LIMITS.number, contentMessages.numberRange),
    v.maxValue(CONTENT_LIMITS.number, contentMessages.numberRange),
  ),
  boolean: v.boolean(contentMessages.yesNo),
  list: v.pipe(v.array(listEntry, contentMessages.listValue), v.maxLength(CONTENT_LIMITS.listEntries, contentMessages.tooManyEntries)),
} as const satisfies Record<ContentFieldType, v.GenericSchema>;

export type ContentValue<T extends ContentFieldType = ContentFieldType> = v.InferOutput<(typeof contentValueSchemas)[T]>;

/** An element's settings for the editor (a label, a hint, a maximum length): a few plain values. */
export const contentConfigSchema = v.optional(
  v.pipe(
    v.record(
      v.pipe(
        v.string(),
        v.nonEmpty(messages.required),
        v.maxLength(CONTENT_LIMITS.entryKey, limitMessages.tooLong(CONTENT_LIMITS.entryKey)),
        noControlCharacter,
      ),
      v.union([cappedText(CONTENT_LIMITS.configText), v.boolean(), v.pipe(v.number(), v.finite())], 'A setting is a short text, a number or yes/no'),
      contentMessages.settings,
    ),
    v.check((config) => Object.keys(config).length <= CONTENT_LIMITS.configKeys, contentMessages.tooManySettings),
  ),
  {},
);

const name = (max: number) =>
  v.pipe(
    requiredText(max),
    v.check((value) => !value.includes('/'), contentMessages.slashInName),
  );

/** A parent section's id; null, absent or empty (a form's "none") for a section at the top. */
const optionalId = v.pipe(
  v.nullish(v.union([v.literal(''), v.pipe(v.string(), v.uuid('There is no such section.'))], 'There is no such section.')),
  v.transform((id) => id || null),
);

/** `POST /api/v1/cms/section/`: the section's fields. `level` and `namePath`, when sent, must match where the section goes. */
export const SectionCreateSchema = v.object({
  name: name(CONTENT_LIMITS.sectionName),
  parent: optionalId,
  level: v.optional(
    v.pipe(
      v.number('Must be a whole number'),
      v.integer('Must be a whole number'),
      v.minValue(0),
      v.maxValue(CONTENT_LIMITS.maxLevel, `At most ${CONTENT_LIMITS.maxLevel} levels deep`),
    ),
  ),
  namePath: v.optional(v.pipe(v.string(), v.maxLength(CONTENT_LIMITS.namePath, limitMessages.tooLong(CONTENT_LIMITS.namePath)))),
});
export type SectionCreate = v.InferOutput<typeof SectionCreateSchema>;

/** `PUT /api/v1/cms/section/update/{id}`: rename and/or move under another parent (null: to the top). */
export const SectionUpdateSchema = v.object({
  name: v.optional(name(CONTENT_LIMITS.sectionName)),
  parent: v.optional(v.nullable(v.pipe(v.string(), v.uuid('There is no such section.')))),
});
export type SectionUpdate = v.InferOutput<typeof SectionUpdateSchema>;

/** A new order for the children of one parent (or the elements of one section): every id, once. */
const idList = v.pipe(
  v.array(v.pipe(v.string(), v.uuid('Unknown id'))),
  v.nonEmpty(messages.required),
  v.maxLength(CONTENT_LIMITS.reorder),
  v.check((ids) => new Set(ids).size === ids.length, 'Each id once'),
);
export const SectionReorderSchema = v.object({ parent: optionalId, ids: idList });
export const ElementReorderSchema = v.object({ sectionId: v.pipe(v.string(messages.required), v.uuid('There is no such section.')), ids: idList });

/** Each field type with its value rule, so the element's value is checked against its own type. */
const elementOf = <T extends ContentFieldType>(type: T) =>
  v.object({
    sectionId: v.pipe(v.string(messages.required), v.uuid('There is no such section.')),
    name: name(CONTENT_LIMITS.elementName),
    fieldType: v.literal(type),
    value: contentValueSchemas[type],
    config: contentConfigSchema,
  });

/** `POST /api/v1/cms/element/create`: the element's payload (sectionId, name, fieldType, value, config). */
export const ElementCreateSchema = v.variant(
  'fieldType',
  contentFieldTypes.map((type) => elementOf(type)) as unknown as [ReturnType<typeof elementOf<'text'>>, ...ReturnType<typeof elementOf<ContentFieldType>>[]],
  contentMessages.unknownFieldType,
);
export type ElementCreate = {
  sectionId: string;
  name: string;
  fieldType: ContentFieldType;
  value: ContentValue;
  config: Record<string, string | number | boolean>;
};

/** `PUT /api/v1/cms/element/update/{id}`: a new value (of the element's own type), settings or name. */
export const elementUpdateSchema = (type: ContentFieldType) =>
  v.object({ value: v.optional(contentValueSchemas[type]), config: v.optional(contentConfigSchema), name: v.optional(name(CONTENT_LIMITS.elementName)) });

/** The update body as declared; its value is then checked against the element's own type (elementUpdateSchema). */
export const ElementUpdateSchema = v.object({ value: v.optional(v.unknown()), config: v.optional(v.unknown()), name: v.optional(v.unknown()) });

/** `DELETE /api/v1/cms/section/delete/{id}?cascade=true` also deletes what the section holds. */
export const SectionDeleteQuerySchema = v.object({ cascade: v.optional(v.picklist(['true', 'false'], 'cascade is true or false'), 'false') });

/** The in-flight key of a deduplicated element creation (the form holds it while the call runs). */
export const elementCreateKey = (input: Pick<ElementCreate, 'sectionId' | 'name' | 'fieldType' | 'value'>): string =>
  JSON.stringify([input.sectionId, input.name, input.fieldType, input.value]);

/** A site rebuild's states, in order: waiting, running, serving, or failed (the old site still serving). */
export const siteBuildStatuses = ['queued', 'building', 'live', 'failed'] as const;
export type SiteBuildStatus = (typeof siteBuildStatuses)[number];

/** `GET /api/v1/cms/section/?parent=…&namePath=…`: `parent=root` lists the top sections. */
export const SectionListQuerySchema = v.object({
  parent: v.optional(v.union([v.literal('root'), v.pipe(v.string(), v.uuid('There is no such section.'))], 'There is no such section.')),
  namePath: v.optional(v.pipe(v.string(), v.nonEmpty(messages.required), v.maxLength(CONTENT_LIMITS.namePath, limitMessages.tooLong(CONTENT_LIMITS.namePath)))),
});

/** `POST /api/v1/cms/preview/markdown`: a Markdown value rendered as the page will show it, capped like the value itself. */
export const MarkdownPreviewSchema = v.object({ markdown: contentValueSchemas.markdown }, messages.required);

/** `POST /api/v1/cms/check/video`: a video's address, asked of its host before the value is saved. */
export const VideoCheckSchema = v.object({ url: videoUrl }, messages.required);

/** `POST /api/v1/cms/element/{id}/restore`: which earlier value to put back. */
export const ElementRestoreSchema = v.object({ historyId: v.pipe(v.string(messages.required), v.uuid('There is no such earlier value.')) });

/** An element as the API returns it; staff also see the published value and whether the saved one differs. */
export const ElementViewSchema = v.object({
  id: v.string(),
  _id: v.string(),
  sectionId: v.string(),
  name: v.string(),
  fieldType: v.picklist(contentFieldTypes),
  value: v.unknown(),
  /** Markdown only: the sanitised HTML of the value. */
  html: v.nullable(v.string()),
  config: v.record(v.string(), v.unknown()),
  order: v.number(),
  /** ISO 8601. */
  updatedAt: v.string(),
  publishedValue: v.optional(v.unknown()),
  publishedAt: v.optional(v.nullable(v.string())),
  unpublished: v.optional(v.boolean()),
});
export type ElementView = v.InferOutput<typeof ElementViewSchema>;

/** A CMS section (id, _id, name, parent, level, namePath, idPath, data, order), with its elements. */
export const SectionViewSchema = v.object({
  id: v.string(),
  _id: v.string(),
  name: v.string(),
  parent: v.nullable(v.string()),
  level: v.number(),
  namePath: v.string(),
  idPath: v.string(),
  /** The section's element values by name. */
  data: v.record(v.string(), v.unknown()),
  order: v.number(),
  elements: v.array(ElementViewSchema),
});
export type SectionView = v.InferOutput<typeof SectionViewSchema>;

/** One saved change of an element: the value and settings it replaced, who changed it and when. */
export const ElementHistoryViewSchema = v.object({
  id: v.string(),
  _id: v.string(),
  elementId: v.string(),
  previousValue: v.unknown(),
  previousConfig: v.record(v.string(), v.unknown()),
  changedBy: v.nullable(v.string()),
  /** The changer's name as staff know them (null once their account is gone). */
  changedByName: v.nullable(v.string()),
  changedAt: v.string(),
});
export type ElementHistoryView = v.InferOutput<typeof ElementHistoryViewSchema>;

/** A site rebuild: queued, building, live or failed (with the reason), with its times (ISO 8601). */
export const SiteBuildViewSchema = v.object({
  id: v.string(),
  _id: v.string(),
  status: v.picklist(siteBuildStatuses),
  reason: v.string(),
  error: v.nullable(v.string()),
  queuedAt: v.string(),
  startedAt: v.nullable(v.string()),
  finishedAt: v.nullable(v.string()),
});
export type SiteBuildView = v.InferOutput<typeof SiteBuildViewSchema>;

/** The kinds of page staff's list groups the pages by, in its order (pageGroupOf in src/site/navigation.ts). */
export const PAGE_GROUPS = ['Home page', 'Insurance', 'Quote forms', 'Customers', 'About', 'Legal', 'Confirmation pages'] as const;
export type PageGroup = (typeof PAGE_GROUPS)[number];

/** A page whose copy is content, as the page editor lists it (`id`: its root section). */
export const ContentPageViewSchema = v.object({
  id: v.string(),
  /** The page's name: its root section ('Van insurance'). */
  name: v.string(),
  path: v.string(),
  /** What kind of page it is ('Insurance', 'Quote forms'…): the list groups pages by it. */
  group: v.picklist(PAGE_GROUPS),
  /** Other addresses showing the same copy (the quote thank-you pages). */
  alsoAt: v.array(v.string()),
  /** Elements with saved changes not yet published. */
  changes: v.number(),
  /** ISO 8601, or null for a page none of whose elements was ever changed. */
  updatedAt: v.nullable(v.string()),
  /** How search engines list the page unless its "Search and sharing" says otherwise. */
  listing: v.object({ title: v.string(), description: v.string() }),
});
export type ContentPageView = v.InferOutput<typeof ContentPageViewSchema>;

/** A draft preview's name and where its pages are served (`href` + a page's path). */
export const ContentPreviewViewSchema = v.object({ id: v.string(), href: v.string() });
