import type { SiteBuildView } from '#src/schemas/content.ts';

/**
 * The count of saved changes; on a page, how many of them are its own (said once, here, not
 * beside the title too). While a build is queued or running, said against it: the builder
 * takes one build at a time, so a publish now joins the waiting build or queues the next one
 * (src/server/content/routes.ts), and the bar says so rather than "changes wait" beside "Building".
 */
export function waiting(unpublished: number, onThisPage: number | undefined, running: SiteBuildView['status'] | null): string {
  if (unpublished === 0) return running ? 'No saved change waits: this build takes the published content live.' : 'Every saved change is live.';
  const changes = `${unpublished} saved ${unpublished === 1 ? 'change' : 'changes'}`;
  const ownShare = onThisPage === undefined || onThisPage === unpublished ? '' : ` (${onThisPage === 0 ? 'none' : onThisPage} on this page)`;
  if (running === 'queued') return `${changes}${ownShare} not in the waiting build yet: Publish adds ${unpublished === 1 ? 'it' : 'them'} before it starts.`;
  if (running === 'building')
    return `${changes}${ownShare} not in this build: Publish queues ${unpublished === 1 ? 'it' : 'them'} for the next, which starts when this one ends.`;
  const count = `${changes} ${unpublished === 1 ? 'waits' : 'wait'} to be published`;
  if (ownShare === '') return `${count}.`;
  return `${count}, ${onThisPage === 0 ? 'none' : onThisPage} on this page.`;
}
