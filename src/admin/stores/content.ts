import { atom, computed, map } from 'nanostores';
import { ApiError, messageOf } from '#src/api/client.ts';
import { uploadImage, uploadVideo, type UploadHandle, type UploadProgress } from '#src/api/resumable-upload.ts';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import {
  type ContentFieldType,
  type ElementCreate,
  elementCreateKey,
  type ElementHistoryView,
  type ElementView,
  type SectionView,
  type SiteBuildView,
} from '#src/schemas/content.ts';
import type { ImageView } from '#src/schemas/image-view.ts';
import type { VideoView } from '#src/schemas/video-view.ts';
import { MAX_PAGE_SIZE } from '#src/schemas/paging.ts';
import { childrenOf, moved } from './content-tree.ts';

/**
 * The Content screen's state, one store per concern: the section tree (with each section's
 * elements), which section is open, each element's history, the element creations in flight,
 * and the site builds a publish starts. Every call goes through the typed client.
 */

export type ContentTreeState = { sections: SectionView[]; isLoading: boolean; error: string };
export const $contentSections = map<ContentTreeState>({ sections: [], isLoading: false, error: '' });

/** The open section's id (null: none chosen yet). */
export const $selectedSectionId = atom<string | null>(null);
export const $selectedSection = computed([$contentSections, $selectedSectionId], ({ sections }, id) => sections.find((section) => section.id === id) ?? null);

/** Each element's earlier values, newest first, once asked for. */
export const $elementHistory = map<Record<string, ElementHistoryView[]>>({});

/** The keys (section id, name, type, value) of element creations in flight. */
export const $creatingElements = atom<readonly string[]>([]);

export type PublishState = {
  /** Newest first. */
  builds: SiteBuildView[];
  live: SiteBuildView | null;
  /** The build this screen's last Publish started (or joined), followed until it is live or failed. */
  watching: string | null;
  isPublishing: boolean;
  error: string;
};
export const $publish = map<PublishState>({ builds: [], live: null, watching: null, isPublishing: false, error: '' });

// ---- Sections --------------------------------------------------------------------------

/** Counts reads of the tree, so that only the latest one is shown. */
let sectionsRead = 0;

/**
 * Loads every section with its elements (a site has tens of sections; pages of 100 until the
 * last). Only the latest read is kept: the screen's first read, answered after a section was
 * made and read again, would otherwise put back a tree without it.
 */
export async function loadSections(): Promise<void> {
  const read = ++sectionsRead;
  $contentSections.setKey('isLoading', true);
  try {
    const sections: SectionView[] = [];
    for (let page = 0; ; page += 1) {
      const result = await unwrap(apiClient.cms.section.$get({ query: { page: String(page), page_size: String(MAX_PAGE_SIZE) } }));
      sections.push(...result.sections);
      if (page + 1 >= result.total_pages) break;
    }
    if (read !== sectionsRead) return;
    $contentSections.set({ sections, isLoading: false, error: '' });
    const selected = $selectedSectionId.get();
    if (selected && !sections.some((section) => section.id === selected)) $selectedSectionId.set(null);
  } catch (error) {
    if (read === sectionsRead) $contentSections.set({ ...$contentSections.get(), isLoading: false, error: messageOf(error) });
    throw error;
  }
}

/**
 * In one column (below 1024 px) the open section is shown on its own: true while the person has
 * gone back to the list of pages and sections instead. Choosing a section shows it again.
 */
export const $sectionListShown = atom(false);

export const selectSection = (id: string | null) => {
  $sectionListShown.set(false);
  $selectedSectionId.set(id);
};

/** Back from the open section to the list of pages and sections (one column only). */
export const showSectionList = () => $sectionListShown.set(true);

/** Creates a section under `parent` (null: at the top) and opens it. */
export async function createSection(name: string, parent: string | null): Promise<SectionView> {
  const { section } = await unwrap(apiClient.cms.section.$post({ json: { name, parent } }));
  await loadSections();
  selectSection(section.id);
  return section;
}

/** Renames and/or moves a section; the whole tree is read again, since paths under it change. */
export async function updateSection(id: string, changes: { name?: string; parent?: string | null }): Promise<string> {
  const { message } = await unwrap(apiClient.cms.section.update[':id'].$put({ param: pathParams({ id }), json: changes }));
  await loadSections();
  return message;
}

/** Moves a section one place up or down among its siblings. */
export async function reorderSection(id: string, step: -1 | 1): Promise<void> {
  const { sections } = $contentSections.get();
  const section = sections.find((candidate) => candidate.id === id);
  if (!section) return;
  const siblings = childrenOf(sections, section.parent).map((sibling) => sibling.id);
  const ids = moved(siblings, siblings.indexOf(id), step);
  if (ids.every((sibling, index) => sibling === siblings[index])) return;
  await unwrap(apiClient.cms.section.reorder.$put({ json: { parent: section.parent, ids } }));
  await loadSections();
}

/** Whether deleting needs the cascade confirmation: the section holds sections or elements. */
export function holdsContent(id: string): { sections: number; elements: number } {
  const { sections } = $contentSections.get();
  const section = sections.find((candidate) => candidate.id === id);
  if (!section) return { sections: 0, elements: 0 };
  const inside = sections.filter((candidate) => candidate.idPath.startsWith(`${section.idPath}/`));
  return { sections: inside.length, elements: [section, ...inside].reduce((total, candidate) => total + candidate.elements.length, 0) };
}

export async function deleteSection(id: string, cascade: boolean): Promise<string> {
  const { message } = await unwrap(apiClient.cms.section.delete[':id'].$delete({ param: pathParams({ id }), query: cascade ? { cascade: 'true' } : {} }));
  if ($selectedSectionId.get() === id) selectSection(null);
  await loadSections();
  return message;
}

// ---- Elements --------------------------------------------------------------------------

/** Puts an element the API answered into its section, in place (or at the end when new). */
function patchElement(element: ElementView): void {
  const { sections } = $contentSections.get();
  $contentSections.setKey(
    'sections',
    sections.map((section) => {
      if (section.id !== element.sectionId) return section;
      const known = section.elements.some((candidate) => candidate.id === element.id);
      const elements = known ? section.elements.map((candidate) => (candidate.id === element.id ? element : candidate)) : [...section.elements, element];
      return { ...section, elements, data: Object.fromEntries(elements.map((candidate) => [candidate.name, candidate.value])) };
    }),
  );
}

/** The answer when a create was not sent because the same one is already in flight. */
export const ALREADY_CREATING = 'This element is already being created.';

/**
 * Creates an element, deduplicated: its key (section id, name, type and
 * value) is recorded as in progress before the call, and an identical create meanwhile is not
 * sent (it rejects with ALREADY_CREATING). The key is released when the call ends, either way.
 */
export async function createElement(input: ElementCreate): Promise<ElementView> {
  const key = elementCreateKey(input);
  if ($creatingElements.get().includes(key)) throw new ApiError(409, ALREADY_CREATING);
  $creatingElements.set([...$creatingElements.get(), key]);
  try {
    await fetchFirst(input.fieldType, input.value);
    const { element } = await unwrap(apiClient.cms.element.create.$post({ json: input as never }));
    patchElement(element);
    return element;
  } finally {
    $creatingElements.set($creatingElements.get().filter((candidate) => candidate !== key));
  }
}

/**
 * A video's address is fetched before the value is saved, through the server
 * (which asks the video host; this page may connect to its own site only). An image given by
 * address is fetched by its editor, which uploads what it got (fetchImageFile).
 */
async function fetchFirst(fieldType: ContentFieldType, value: unknown): Promise<void> {
  if (fieldType !== 'video') return;
  // An uploaded video (a media id) was checked by its bytes when it arrived; an address is asked of its host.
  const { url } = value as { url?: string };
  if (url === undefined) return;
  await unwrap(apiClient.cms.check.video.$post({ json: { url } }));
}

/** Saves a new value (and/or settings or name); the value it replaces joins the history. */
export async function saveElement(
  target: Pick<ElementView, 'id' | 'fieldType'>,
  changes: { value?: unknown; config?: Record<string, unknown>; name?: string },
): Promise<ElementView> {
  const { id } = target;
  if (changes.value !== undefined) await fetchFirst(target.fieldType, changes.value);
  const { element } = await unwrap(apiClient.cms.element.update[':id'].$put({ param: pathParams({ id }), json: changes }));
  patchElement(element);
  if ($elementHistory.get()[id]) await loadHistory(id);
  return element;
}

export async function deleteElement(element: ElementView): Promise<string> {
  const { message } = await unwrap(apiClient.cms.element.delete[':id'].$delete({ param: pathParams({ id: element.id }) }));
  const { sections } = $contentSections.get();
  $contentSections.setKey(
    'sections',
    sections.map((section) =>
      section.id === element.sectionId ? { ...section, elements: section.elements.filter((candidate) => candidate.id !== element.id) } : section,
    ),
  );
  return message;
}

/** Moves an element one place up or down in its section. */
export async function reorderElement(element: ElementView, step: -1 | 1): Promise<void> {
  const section = $contentSections.get().sections.find((candidate) => candidate.id === element.sectionId);
  if (!section) return;
  const current = section.elements.map((candidate) => candidate.id);
  const ids = moved(current, current.indexOf(element.id), step);
  if (ids.every((id, index) => id === current[index])) return;
  await unwrap(apiClient.cms.element.reorder.$put({ json: { sectionId: section.id, ids } }));
  const byId = new Map(section.elements.map((candidate) => [candidate.id, candidate]));
  const elements = ids.map((id, order) => ({ ...byId.get(id)!, order }));
  $contentSections.setKey(
    'sections',
    $contentSections.get().sections.map((candidate) => (candidate.id === section.id ? { ...candidate, elements } : candidate)),
  );
}

export async function loadHistory(id: string): Promise<void> {
  const { history } = await unwrap(apiClient.cms.element[':id'].history.$get({ param: pathParams({ id }) }));
  $elementHistory.setKey(id, history);
}

export async function restoreElement(id: string, historyId: string): Promise<ElementView> {
  const { element } = await unwrap(apiClient.cms.element[':id'].restore.$post({ param: pathParams({ id }), json: { historyId } }));
  patchElement(element);
  await loadHistory(id);
  return element;
}

/** A Markdown value as the page will show it, rendered and sanitised by the server. */
export async function previewMarkdown(markdown: string): Promise<string> {
  return (await unwrap(apiClient.cms.preview.markdown.$post({ json: { markdown } }))).html;
}

/** An uploaded image's variants or video's address, for an image or video element's preview. */
async function mediaById(id: string) {
  return unwrap(apiClient.cms.media[':id'].$get({ param: pathParams({ id }) }));
}

export async function imageById(id: string): Promise<ImageView> {
  const { image } = await mediaById(id);
  if (!image) throw new ApiError(404, 'That upload is not an image.');
  return image;
}

export async function videoById(id: string): Promise<VideoView> {
  const { video } = await mediaById(id);
  if (!video) throw new ApiError(404, 'That upload is not a video.');
  return video;
}

/** A video element's own file, through the resumable (tus) upload with its progress. */
export function uploadContentVideo(file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<VideoView> {
  const upload = uploadVideo(file, onProgress);
  return { abort: upload.abort, done: upload.done.then(({ video }) => video) };
}

/** An image element's picture, through the resumable (tus) upload with its progress. */
export function uploadContentImage(file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<ImageView> {
  const upload = uploadImage(file, onProgress);
  return { abort: upload.abort, done: upload.done.then(({ image }) => image) };
}

// ---- Publishing ------------------------------------------------------------------------

/** How often the screen asks how the build it started is going. */
export const BUILD_POLL_MS = 2_000;

export async function loadBuilds(): Promise<void> {
  const { builds, live } = await unwrap(apiClient.cms.publish.$get());
  $publish.set({ ...$publish.get(), builds, live, error: '' });
}

/** The build this screen follows, as last read. */
export const $watchedBuild = computed($publish, ({ builds, watching }) => builds.find((build) => build.id === watching) ?? null);

/**
 * Publishes every saved change and starts (or joins) a site rebuild, then reads the builds
 * every BUILD_POLL_MS until that build is live or failed. Resolves with the server's message.
 */
export async function publish(): Promise<string> {
  $publish.set({ ...$publish.get(), isPublishing: true, error: '' });
  try {
    const { build, message } = await unwrap(apiClient.cms.publish.$post());
    $publish.set({ ...$publish.get(), watching: build.id, builds: [build, ...$publish.get().builds.filter((known) => known.id !== build.id)] });
    // Every element's saved value is now the published one.
    await loadSections().catch(() => undefined);
    void followBuild(build.id);
    return message;
  } catch (error) {
    $publish.set({ ...$publish.get(), error: messageOf(error) });
    throw error;
  } finally {
    $publish.setKey('isPublishing', false);
  }
}

let following: string | null = null;

/** Polls the builds until `id` is live or failed (or another publish takes over the watch). */
async function followBuild(id: string): Promise<void> {
  following = id;
  while (following === id) {
    try {
      await loadBuilds();
    } catch (error) {
      $publish.setKey('error', messageOf(error));
    }
    const build = $publish.get().builds.find((candidate) => candidate.id === id);
    if (!build || build.status === 'live' || build.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, BUILD_POLL_MS));
  }
  if (following === id) following = null;
}

/** Stops following a build (the screen was left). */
export function stopFollowingBuild(): void {
  following = null;
}

/** Whether any saved change waits for a publish. */
export const $unpublishedCount = computed($contentSections, ({ sections }) =>
  sections.reduce((total, section) => total + section.elements.filter((element) => element.unpublished).length, 0),
);

/** What the screen's polite live region says last: moves in lists, saves, builds going live. */
export const $contentAnnouncement = atom('');

/** Says `text` through the live region (a repeat of the same words still gets read: it differs by a space). */
export function announce(text: string): void {
  $contentAnnouncement.set($contentAnnouncement.get() === text ? `${text}\u00a0` : text);
}

/** On opening the screen: reads the builds, and follows one still queued or building (a publish made before a reload). */
export async function resumeFollowingBuilds(): Promise<void> {
  await loadBuilds();
  const running = $publish.get().builds.find((build) => build.status === 'queued' || build.status === 'building');
  if (running && !following) {
    $publish.setKey('watching', running.id);
    void followBuild(running.id);
  }
}
