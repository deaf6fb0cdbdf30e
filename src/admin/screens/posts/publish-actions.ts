import { fromDublinLocalInput, toDublinLocalInput } from '#src/lib/dublin-time.ts';
import type { PostStatus } from '#src/schemas/post.ts';

/**
 * What the editor's header does to a post: save it as it stands (a draft, or Update for one
 * already live or scheduled), publish it now, schedule it, or take it back to a draft.
 */
export type PublishAction = 'save' | 'publish' | 'schedule' | 'unpublish';

/** The status each action leaves the post in; null keeps the one it has. */
export const STATUS_AFTER: Record<PublishAction, PostStatus | null> = {
  save: null,
  publish: 'published',
  schedule: 'scheduled',
  unpublish: 'draft',
};

/** The corner message once the server has it (a new draft has its own: 'The post has been created.'). */
export const DONE: Record<PublishAction, string> = {
  save: 'The post has been saved.',
  publish: 'The post has been published.',
  schedule: 'The post has been scheduled.',
  unpublish: 'The post is a draft again: it has left the blog.',
};

/** datetime-local has no zone; the back-office fills and reads it on Dublin's clock, and the API takes ISO timestamps. */
export const toLocalInput = (iso: string | null | undefined) => (iso ? toDublinLocalInput(iso) : '');
export const fromLocalInput = (value: string) => (value ? fromDublinLocalInput(value) : '');

/** A schedule's first suggestion: tomorrow at nine in the morning in Dublin, when readers look. */
export function tomorrowMorning(now = new Date()): string {
  const today = toDublinLocalInput(now).slice(0, 10);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return `${tomorrow}T09:00`;
}

/** Why a schedule's time will not do, or null: it must be given, and later than now. */
export function scheduleProblem(local: string, now = Date.now()): string | null {
  if (!local) return 'Choose when to publish';
  const at = Date.parse(fromLocalInput(local));
  if (Number.isNaN(at)) return 'Choose when to publish';
  return at > now ? null : 'Choose a time in the future, or publish now';
}
