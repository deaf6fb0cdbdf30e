import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CircleCheck, CloudUpload, LoaderCircle, TriangleAlert } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import type { SiteBuildView } from '#src/schemas/content.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { waiting } from './publish-words.ts';
import { readySiteBuilder } from '#src/admin/stores/site-builder.ts';
import { $publish, $unpublishedCount, $watchedBuild, loadSections, publish, resumeFollowingBuilds, stopFollowingBuild } from '#src/admin/stores/content.ts';

/** What a build's state means for the person who pressed Publish. */
function buildStatus(build: SiteBuildView): string {
  switch (build.status) {
    case 'queued':
      return `Queued at ${formatDateTime(build.queuedAt)}, after the build under way.`;
    case 'building':
      return `Building since ${formatDateTime(build.startedAt ?? build.queuedAt)}; the site stays up meanwhile.`;
    case 'live':
      return `Live since ${formatDateTime(build.finishedAt ?? build.queuedAt)}.`;
    case 'failed':
      return `The build failed: ${build.error ?? 'no reason was given'}. The previous site is still serving.`;
  }
}

const ICONS: Record<SiteBuildView['status'], string> = { queued: LoaderCircle, building: LoaderCircle, live: CircleCheck, failed: TriangleAlert };

/**
 * Publishing, where staff edit: how many saved changes wait, Publish (one site build for all of
 * them), and that build's progress, read every two seconds until it is live or failed.
 */
export function PublishBar({ onPublished, onThisPage }: { onPublished?: () => void; onThisPage?: number }) {
  const { isPublishing, live, error } = useStore($publish);
  const watched = useStore($watchedBuild);
  const unpublished = useStore($unpublishedCount);
  const serving = watched?.status === 'live' ? watched : live;
  const running = watched?.status === 'queued' || watched?.status === 'building' ? watched.status : null;

  useEffect(() => {
    loadSections().catch(() => undefined);
    resumeFollowingBuilds().catch(() => undefined);
    // Publishing rebuilds the site: the builder gets ready while the content is edited.
    readySiteBuilder();
    return stopFollowingBuild;
  }, []);

  const press = async () => {
    try {
      toast(await publish(), 'Success!');
      onPublished?.();
    } catch (failure) {
      await showError(messageOf(failure));
    }
  };

  return (
    <section className="bo-publish" aria-label="Publishing">
      <p className="bo-publish-count">
        <Icon svg={CloudUpload} />
        {waiting(unpublished, onThisPage, running)}
      </p>
      {/* A live region: each change of the build's state (queued, building, live, failed) is read out. */}
      <p className="bo-publish-status" role="status">
        {/* A build that went live before the changes saved since is no news to celebrate: said plainly, not in green. */}
        {watched && !(watched.status === 'live' && unpublished > 0) ? (
          <span className={`bo-publish-${watched.status}`}>
            <Icon svg={ICONS[watched.status]} size={16} />
            {buildStatus(watched)}
          </span>
        ) : serving ? (
          `Site last published ${formatDateTime(serving.finishedAt ?? serving.queuedAt)}.`
        ) : null}
        {error && <span className="bo-error">{error}</span>}
      </p>
      {/* Left on during a build: a press then joins the waiting build or queues the next, as the count says. */}
      <button type="button" className="bo-button bo-button-primary" disabled={isPublishing} onClick={press}>
        {isPublishing ? 'Publishing…' : 'Publish'}
      </button>
    </section>
  );
}
