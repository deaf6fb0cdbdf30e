import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { type ContentFieldType, contentFieldTypes, contentValueSchemas, isContentLink } from '../schemas/content.ts';
import { markdownToSafeHtml } from '../lib/markdown.ts';
import type { KeyFact, SeedPage } from './content-seed/define.ts';
import { seedPages } from './content-seed/index.ts';
import { fillFacts } from './content-facts.ts';
import { CONTENT_SNAPSHOT_NAME, snapshotDir } from './snapshot-dir.ts';
import { CONTENT_MARKERS_VARIABLE, MARKER_ATTRIBUTE, markerKey, markHtml, markText } from '../lib/content-markers.ts';
import { ImageViewSchema, type ImageView } from '../schemas/image-view.ts';

/**
 * The build's reader of the published content (content-snapshot.json, written by the build
 * beside the blog snapshot). A page asks for its own sections by name ('Hero' under its root
 * 'Home' is 'Home/Hero') and for each value by element name and type. Anything missing or of
 * the wrong shape fails the build with the section's name path: a page is never built blank.
 * Which sections a page may read is declared once, in its seed file (src/site/content-seed/).
 */

/** When set (a file path), every section read is appended to it as "<page path>\t<name path>": how tests and reports see which page read what. */
export const CONTENT_READS_VARIABLE = 'CONTENT_READS_FILE';

const SnapshotSchema = v.object({
  /** The uploads image elements name, by id, with their variants (snapshot.ts). */
  images: v.optional(v.record(v.string(), ImageViewSchema), {}),
  sections: v.record(
    v.string(),
    v.object({
      namePath: v.string(),
      elements: v.array(v.object({ id: v.optional(v.string()), name: v.string(), fieldType: v.picklist(contentFieldTypes), value: v.unknown() })),
    }),
  ),
});
type Snapshot = v.InferOutput<typeof SnapshotSchema>;
type SnapshotElement = Snapshot['sections'][string]['elements'][number];

/** The seed as a snapshot: what a build reads when no snapshot was made (a plain `astro dev`). */
function snapshotOfSeed(): Snapshot {
  const sections: Snapshot['sections'] = {};
  for (const page of seedPages)
    for (const section of page.sections) {
      const namePath = `${page.root}/${section.name}`;
      sections[namePath] = { namePath, elements: section.elements.map(({ name, fieldType, value }) => ({ name, fieldType, value })) };
    }
  return { sections, images: {} };
}

let cached: { file: string; snapshot: Snapshot } | undefined;

function snapshot(): Snapshot {
  const file = join(snapshotDir(), CONTENT_SNAPSHOT_NAME);
  if (cached?.file === file) return cached.snapshot;
  let read: Snapshot;
  if (existsSync(file)) {
    const parsed = v.safeParse(SnapshotSchema, JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is not a content snapshot: ${v.summarize(parsed.issues)}`);
    read = parsed.output;
  } else {
    console.warn(`No ${file}: the pages are built from the seeded copy (src/site/content-seed/).`);
    read = snapshotOfSeed();
  }
  cached = { file, snapshot: read };
  return read;
}

function seedPageFor(path: string): SeedPage {
  const page = seedPages.find((candidate) => candidate.path === path || candidate.alsoAt.includes(path));
  if (!page) throw new Error(`No content is declared for ${path}: add its seed file under src/site/content-seed/`);
  return page;
}

function noteRead(path: string, namePath: string) {
  const file = process.env[CONTENT_READS_VARIABLE];
  if (file) appendFileSync(file, `${path}\t${namePath}\n`);
}

/** Markdown as the posts are rendered (the same sanitiser), after the site facts are filled in. */
export function markdownHtml(markdown: string, where: string): string {
  return markdownToSafeHtml(fillFacts(markdown, where));
}

/**
 * The inside of the paragraph `html` holds, for a page's own <p>. Paragraphs typed one after
 * another (Enter in the visual editor) become lines of the one paragraph; anything else (a
 * heading, a list) fails the build.
 */
export function oneParagraph(html: string, where: string): string {
  const paragraphs = html.trim().split(/<\/p>\s*(?=<p>)/);
  const insides = paragraphs.map((part, index) => /^<p>([\s\S]*)$/.exec(index === paragraphs.length - 1 ? part.replace(/<\/p>\s*$/, '') : part)?.[1]);
  if (insides.some((inner) => inner === undefined || inner.includes('<p>') || /<\/?(h\d|ul|ol|li|blockquote|table|pre|hr)\b/.test(inner)))
    throw new Error(`${where} must be one paragraph (no headings or lists).`);
  return insides.join('<br>');
}

/** A Lucide icon's name: letters, digits and hyphens only, so it names a file in the icon set and nothing else. */
const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export type SectionContent = ReturnType<typeof sectionContent>;

/** List fields used as they are: an address, an icon's name and a phone number (also a tel: link's target). */
const UNMARKED_FIELDS = new Set(['link', 'icon', 'phone']);

function sectionContent(namePath: string, elements: readonly SnapshotElement[], images: Snapshot['images']) {
  const where = (name: string) => `Content "${namePath}" › "${name}"`;
  // A draft preview build (src/server/content/preview.ts) marks every text with the element it came from.
  const marking = process.env[CONTENT_MARKERS_VARIABLE] === '1';
  const idOf = (name: string) => elements.find((candidate) => candidate.name === name)?.id;
  const marked = (name: string, text: string, entry?: { index: number; field: string }) => {
    const id = marking ? idOf(name) : undefined;
    return id ? markText(markerKey(id, entry), text) : text;
  };
  const markedHtml = (name: string, html: string, inline = false) => {
    const id = marking ? idOf(name) : undefined;
    return id ? markHtml(markerKey(id), html, inline) : html;
  };
  function element<T extends ContentFieldType>(name: string, types: readonly T[]): { value: v.InferOutput<(typeof contentValueSchemas)[T]>; type: T } {
    const found = elements.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`${where(name)} is missing from the published content: add it in the back-office (Content) and publish.`);
    if (!(types as readonly ContentFieldType[]).includes(found.fieldType))
      throw new Error(`${where(name)} is a ${found.fieldType} element; the page needs ${types.join(' or ')}.`);
    const type = found.fieldType as T;
    const parsed = v.safeParse(contentValueSchemas[type], found.value);
    if (!parsed.success) throw new Error(`${where(name)} has a value the page cannot use: ${v.summarize(parsed.issues)}`);
    return { value: parsed.output as v.InferOutput<(typeof contentValueSchemas)[T]>, type };
  }

  return {
    namePath,
    /** A text or long text, site facts filled in. Render it as text ({…}), never as HTML. */
    text(name: string): string {
      return marked(name, fillFacts(element(name, ['text', 'longText']).value, where(name)));
    },
    /** A text or long text for the page's head (its title, its description): facts filled in, never marked for the preview. */
    headText(name: string): string {
      return fillFacts(element(name, ['text', 'longText']).value, where(name)).trim();
    },
    /** A yes/no element. */
    yesNo(name: string): boolean {
      return element(name, ['boolean']).value;
    },
    /** A text element the page can do without (none there: undefined). */
    optionalText(name: string): string | undefined {
      return elements.some((candidate) => candidate.name === name) ? this.text(name) : undefined;
    },
    /** Markdown, rendered and sanitised as posts are: for set:html. */
    markdown(name: string): string {
      return markedHtml(name, markdownHtml(element(name, ['markdown']).value, where(name)));
    },
    /** Markdown of one paragraph, as the HTML inside it: for a page's own <p class="…" set:html>. */
    paragraph(name: string): string {
      return markedHtml(name, oneParagraph(markdownHtml(element(name, ['markdown']).value, where(name)), where(name)), true);
    },
    /**
     * An image element: the upload's variants and what it shows, or `image: null` while none is
     * chosen (the page then shows its own picture). `attributes` go on the element around it:
     * in a draft preview they let the page editor open the image on a click.
     */
    image(name: string): { image: ImageView | null; alt: string; attributes: Record<string, string> } {
      const { mediaId, alt } = element(name, ['image']).value;
      const image = mediaId ? images[mediaId] : undefined;
      if (mediaId && !image) throw new Error(`${where(name)} names an upload the content snapshot does not hold (${mediaId}).`);
      const id = marking ? idOf(name) : undefined;
      return { image: image ?? null, alt: fillFacts(alt, where(name)), attributes: id ? { [MARKER_ATTRIBUTE]: markerKey(id) } : {} };
    },
    link(name: string): { url: string; label: string } {
      const { url, label } = element(name, ['link']).value;
      return { url: fillFacts(url, where(name)), label: marked(name, fillFacts(label, where(name))) };
    },
    /** A list's entries, each with the named fields (`optional` ones may be absent); site facts filled in. */
    list<F extends string, O extends string = never>(
      name: string,
      fields: readonly F[],
      optional: readonly O[] = [],
    ): (Record<F, string> & Partial<Record<O, string>>)[] {
      return element(name, ['list']).value.map((entry, index) => {
        const out: Record<string, string> = {};
        for (const field of [...fields, ...optional]) {
          const value = entry[field];
          if (value === undefined) {
            if ((fields as readonly string[]).includes(field)) throw new Error(`${where(name)} entry ${index + 1} has no "${field}".`);
            continue;
          }
          const filled = fillFacts(value, `${where(name)} entry ${index + 1}`);
          // A field named "link" becomes an href: it must be a link as the link field type allows (no javascript:).
          if (field === 'link' && !isContentLink(filled)) throw new Error(`${where(name)} entry ${index + 1}: "${value}" is not a link.`);
          out[field] = UNMARKED_FIELDS.has(field) ? filled : marked(name, filled, { index, field });
        }
        return out as Record<F, string> & Partial<Record<O, string>>;
      });
    },
    /** Key facts: each with its own icon, an optional title and the text. */
    keyFacts(name: string): KeyFact[] {
      return this.list(name, ['icon', 'text'], ['title']).map((fact, index) => {
        if (!ICON_NAME.test(fact.icon))
          throw new Error(`${where(name)} entry ${index + 1}: "${fact.icon}" is not an icon name (see https://lucide.dev/icons).`);
        return fact;
      });
    },
    /** A list entry's field written in Markdown of one paragraph, as the HTML inside it (a line of a contact list). */
    entryParagraph(text: string, name: string): string {
      return oneParagraph(markdownHtml(text, where(name)), where(name));
    },
    /** A list entry's field written in Markdown (a card's sentence with a link), rendered as posts are. */
    entryMarkdown(text: string, name: string): string {
      return markdownHtml(text, where(name));
    },
  };
}

export type PageContent = ReturnType<typeof contentFor>;

/**
 * The content of the page at `path` (its page-table path): `section('Hero')` reads its root's
 * 'Hero' section. Only the sections its seed file declares can be read.
 */
export function contentFor(path: string) {
  const page = seedPageFor(path);
  return {
    root: page.root,
    section(name: string): SectionContent {
      const namePath = `${page.root}/${name}`;
      if (!page.sections.some((declared) => declared.name === name))
        throw new Error(`${path} reads the content section "${namePath}", which its seed file does not declare.`);
      const found = snapshot().sections[namePath];
      if (!found)
        throw new Error(
          `Content section "${namePath}" (used by ${path}) is missing from the published content: restore it in the back-office (Content) and publish.`,
        );
      noteRead(path, namePath);
      return sectionContent(namePath, found.elements, snapshot().images);
    },
  };
}

/**
 * A page's description as the staff may override it: a text element named "Description" in
 * the page's root section ('Van insurance'). Without one, the page table's description stands.
 */
export const DESCRIPTION_ELEMENT = 'Description';

export function contentDescription(path: string): string | undefined {
  const page = seedPages.find((candidate) => candidate.path === path || candidate.alsoAt.includes(path));
  if (!page) return undefined;
  const root = snapshot().sections[page.root];
  if (!root?.elements.some((element) => element.name === DESCRIPTION_ELEMENT)) return undefined;
  const description = sectionContent(page.root, root.elements, snapshot().images).text(DESCRIPTION_ELEMENT).trim();
  return description || undefined;
}
