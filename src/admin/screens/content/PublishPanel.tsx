import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { messageOf } from '../../../api/client.ts';
import type { SiteBuildView } from '../../../schemas/content.ts';
import { showError } from '../../../ui/dialogs.ts';
import { formatDateTime } from '../../format.ts';
import { readySiteBuilder } from '../../stores/site-builder.ts';
import { $publish, $unpublishedCount, $watchedBuild, publish, resumeFollowingBuilds, stopFollowingBuild } from '../../stores/content.ts';

/** What a build's state means for the person who pressed Publish. */
function buildStatus(build: SiteBuildView): string {
  switch (build.status) {
    case 'queued':
      return `Queued at ${formatDateTime(build.queuedAt)}: the site build starts as soon as the one before it ends.`;
    case 'building':
      return `Building the site since ${formatDateTime(build.startedAt ?? build.queuedAt)}. The current site keeps serving meanwhile.`;
    case 'live':
      return `Live since ${formatDateTime(build.finishedAt ?? build.queuedAt)}: visitors now see the published content.`;
    case 'failed':
      return `The build failed: ${build.error ?? 'no reason was given'}. The previous site is still serving; fix the cause and publish again.`;
  }
}

/**
 * Publish: every saved change goes live in one site build, whose progress (queued, building,
 * live with its time, or failed with the reason) is read every two seconds and shown here.
 */
export function PublishPanel() {
  const { isPublishing, live, error } = useStore($publish);
  const watched = useStore($watchedBuild);
  const unpublished = useStore($unpublishedCount);

  useEffect(() => {
    resumeFollowingBuilds().catch(() => undefined);
    // Publishing rebuilds the site: the builder gets ready while the content is edited.
    readySiteBuilder();
    return stopFollowingBuild;
  }, []);

  const running = watched?.status === 'queued' || watched?.status === 'building';
  const press = async () => {
    try {
      await publish();
    } catch (failure) {
      await showError(messageOf(failure));
    }
  };

  return (
    <section className="content-publish" aria-labelledby="publish-heading">
      <h2 id="publish-heading">Publish</h2>
      <p className="bo-hint">
        {unpublished === 0
          ? 'Every saved change is published.'
          : `${unpublished} saved ${unpublished === 1 ? 'change waits' : 'changes wait'} to be published.`}{' '}
        Saved changes reach the site only when you publish.
      </p>
      <div className="content-row-actions">
        <button type="button" className="bo-button bo-button-primary" disabled={isPublishing} onClick={press}>
          {isPublishing ? 'Publishing…' : 'Publish'}
        </button>
      </div>
      {/* A live region: each change of the build's state (queued, building, live, failed) is read out. */}
      <div className="content-build" role="status">
        {watched ? (
          <>
            <p className={`content-build-${watched.status}`}>
              <strong>
                {watched.status === 'live' ? 'Live' : watched.status === 'failed' ? 'Failed' : watched.status === 'building' ? 'Building' : 'Queued'}.
              </strong>{' '}
              {buildStatus(watched)}
            </p>
            {running && (
              <progress className="content-build-progress" aria-label="Site build in progress">
                Building…
              </progress>
            )}
          </>
        ) : live ? (
          <p>The site now serving was built on {formatDateTime(live.finishedAt ?? live.queuedAt)}.</p>
        ) : null}
        {error && <p className="bo-error">{error}</p>}
      </div>
    </section>
  );
}
