import { useEffect, useState } from 'react';
import { ApiError, messageOf } from '../../api/client.ts';
import type { PostView } from '../../schemas/post.ts';
import { postPath, postTitle } from '../../site/blog.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { fetchPost } from './blog-api.ts';
import { PostArticle } from './PostArticle.tsx';
import './blog.css';
import { withAppErrorBoundary } from '../../ui/AppErrorBoundary.tsx';

type Props = {
  /** The post as pre-rendered at build time; null in the shell served for posts published since. */
  initial: PostView | null;
  brand: string;
};

type State = { kind: 'post'; post: PostView } | { kind: 'loading' } | { kind: 'gone' } | { kind: 'error'; message: string };

/** The id or slug in a /blog/{postId} address, if this is one. */
function keyFromPath(path: string): string | null {
  const match = /^\/blog\/([^/]+)$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * /blog/{postId}: shows the pre-rendered post at once, then asks the API for the current
 * version (an edit since the build shows; a withdrawn post says so). In the shell it loads
 * the post named by the address, and moves the address to the canonical slug.
 */
function BlogPost({ initial, brand }: Props) {
  const [state, setState] = useState<State>(initial ? { kind: 'post', post: initial } : { kind: 'loading' });

  useEffect(() => {
    const key = initial?.slug ?? keyFromPath(window.location.pathname);
    if (!key) {
      setState({ kind: 'gone' });
      return;
    }
    let live = true;
    fetchPost(key)
      .then(({ post }) => {
        if (!live) return;
        setState({ kind: 'post', post });
        document.title = postTitle(post, brand);
        if (window.location.pathname !== postPath(post.slug)) window.history.replaceState(null, '', postPath(post.slug));
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) setState({ kind: 'gone' });
        // Offline or a server hiccup: a pre-rendered post stays readable as it is.
        else if (!initial) setState({ kind: 'error', message: messageOf(error) });
      });
    return () => {
      live = false;
    };
  }, [initial, brand]);

  if (state.kind === 'post') return <PostArticle post={state.post} brand={brand} />;
  return (
    <div className="post post-placeholder">
      {state.kind === 'loading' && (
        <p className="post-loading">
          <Spinner label="Loading the article" /> <span aria-hidden="true">Loading the article…</span>
        </p>
      )}
      {state.kind === 'gone' && (
        <>
          <h1>This article is not available</h1>
          <p>It may have been withdrawn or its address may have changed.</p>
        </>
      )}
      {state.kind === 'error' && (
        <>
          <h1>The article could not be loaded</h1>
          <p role="alert">{state.message}</p>
        </>
      )}
      <p>
        <a href="/blog">See all articles</a>
      </p>
    </div>
  );
}

/** The island inside the error boundary: a render error shows a reload screen, not a blank space. */
export default withAppErrorBoundary(BlogPost);
