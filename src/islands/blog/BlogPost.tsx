import { useEffect, useState } from 'react';
import { ApiError, messageOf } from '../../api/client.ts';
import type { PostView } from '../../schemas/post.ts';
import { postPath, postTitle } from '../../site/blog.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { fetchPost } from './blog-api.ts';
import { PostArticle } from './PostArticle.tsx';
import './blog.css';
import { withAppErrorBoundary } from '../../ui/AppErrorBoundary.tsx';

type Props = { brand: string };

type State = { kind: 'post'; post: PostView } | { kind: 'loading' } | { kind: 'gone' } | { kind: 'error'; message: string };

/** The id or slug in a /blog/{postId} address, if this is one. */
function keyFromPath(path: string): string | null {
  const match = /^\/blog\/([^/]+)$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The blog shell (/blog-reader), served for a /blog/{postId} published or edited since the
 * last build: loads the post named by the address and moves the address to the canonical
 * slug. Pre-rendered posts are plain HTML (PostArticle, no island).
 */
function BlogPost({ brand }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const key = keyFromPath(window.location.pathname);
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
        else setState({ kind: 'error', message: messageOf(error) });
      });
    return () => {
      live = false;
    };
  }, [brand]);

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
