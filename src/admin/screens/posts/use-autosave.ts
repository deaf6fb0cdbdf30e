import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiError, type FieldError, messageOf } from '#src/api/client.ts';
import { messages } from '#src/schemas/messages.ts';
import { PostInputSchema } from '#src/schemas/post.ts';
import { formatTime } from '#src/admin/format.ts';
import type { PostValues } from '#src/admin/stores/posts.ts';

/** How long typing must pause before a draft saves itself. */
export const AUTOSAVE_AFTER_MS = 2000;

/** The fields as the status line names them. */
const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  body: 'body',
  excerpt: 'excerpt',
  slug: 'address',
  status: 'status',
  publishedAt: 'publish date',
  coverImage: 'cover image',
  coverAlt: 'cover alt text',
  seoTitle: 'search title',
  seoDescription: 'search description',
  seoCanonical: 'canonical address',
  seoImage: 'share image',
  tags: 'tags',
};

/** Why the schema refuses the values, in a few words: "the title is empty", "search title – must be 70 characters or fewer". */
function reasonOf(issue: v.BaseIssue<unknown>): string {
  const field = (v.getDotPath(issue) ?? '').split('.')[0] ?? '';
  const name = FIELD_NAMES[field] ?? 'a field';
  if (issue.message === messages.required) return `the ${name} is empty`;
  return `${name} – ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
}

type Options = {
  /** Saves the draft and answers when the server saved it (an ISO time); none: the form saves only when asked. */
  save: ((values: PostValues) => Promise<string>) | undefined;
  /** The form's values as the API takes them, before the schema reads them. */
  input: unknown;
  /** Why the form must not save itself now (its status says publish), or null. */
  refused: string | null;
  /** True while something the save needs is still on its way (a cover uploading): it waits, saying nothing. */
  waiting: boolean;
  /** The server refused fields (a slug another post has): shown by them, as after Save. */
  onFieldErrors(errors: FieldError[]): void;
};

/**
 * A draft that saves itself, as Ghost's does: `AUTOSAVE_AFTER_MS` after the last change, with the
 * same schema and store call as Save. Values the schema refuses are not sent; the note says what
 * is missing. Saves never overlap: each, and Save itself through `serialised`, waits for the one
 * before. `note` is the status line: "Saving…", "Saved at 14:32", "Not saved: …".
 */
export function useAutosave({ save, input, refused, waiting, onFieldErrors }: Options) {
  const [note, setNote] = useState('');
  const latest = useRef({ save, input, onFieldErrors });
  latest.current = { save, input, onFieldErrors };
  const queue = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The values last saved (as JSON), null until the form's first values are known. */
  const lastSaved = useRef<string | null>(null);
  const savedNote = useRef('');
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  /** Runs `run` once every save before it has finished. */
  const serialised = useCallback(<T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(run);
    queue.current = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }, []);

  const enabled = Boolean(save);
  const snapshot = JSON.stringify(input);
  useEffect(() => {
    if (!enabled) return;
    if (lastSaved.current === null) lastSaved.current = snapshot;
    if (snapshot === lastSaved.current) return setNote(savedNote.current);
    if (refused) return setNote(`Not saved: ${refused}`);
    if (waiting) return;
    timer.current = setTimeout(() => {
      const parsed = v.safeParse(PostInputSchema, latest.current.input);
      if (!parsed.success) return setNote(`Not saved: ${reasonOf(parsed.issues[0])}`);
      void serialised(async () => {
        const send = latest.current.save;
        // The screen was left while this waited for the save before it.
        if (!mounted.current || !send) return;
        setNote('Saving…');
        try {
          const at = await send(parsed.output);
          lastSaved.current = snapshot;
          savedNote.current = `Saved at ${formatTime(at)}`;
          if (mounted.current) setNote(savedNote.current);
        } catch (error) {
          if (error instanceof ApiError && error.errors.length) latest.current.onFieldErrors(error.errors);
          if (mounted.current) setNote(`Not saved: ${messageOf(error)}`);
        }
      });
    }, AUTOSAVE_AFTER_MS);
    return () => clearTimeout(timer.current);
  }, [enabled, snapshot, refused, waiting, serialised]);

  return {
    note,
    /** Whether the form saves itself at all (a draft being edited). */
    enabled,
    serialised,
    /** Drops an autosave not yet started: Save is about to send the same values. */
    cancel: () => clearTimeout(timer.current),
  };
}
