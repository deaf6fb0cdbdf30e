import type { PostStatus } from '../../../schemas/post.ts';

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

/** datetime-local works in local time without a zone; the API takes ISO timestamps. */
export const toLocalInput = (iso: string | null | undefined) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** A schedule's first suggestion: tomorrow at nine in the morning, when readers look. */
export function tomorrowMorning(now = new Date()): string {
  const at = new Date(now);
  at.setDate(at.getDate() + 1);
  at.setHours(9, 0, 0, 0);
  return toLocalInput(at.toISOString());
}

/** Why a schedule's time will not do, or null: it must be given, and later than now. */
export function scheduleProblem(local: string, now = Date.now()): string | null {
  if (!local) return 'Choose when to publish';
  const at = Date.parse(fromLocalInput(local));
  if (Number.isNaN(at)) return 'Choose when to publish';
  return at > now ? null : 'Choose a time in the future, or publish now';
}
