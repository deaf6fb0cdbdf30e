import { Worker } from 'node:worker_threads';
import type { RenderReply } from './markdown-worker.ts';

/**
 * Markdown rendering off the main thread. A parser's worst case is the author's to choose, so
 * it must never hold up the one thread that answers every other request: texts are rendered
 * one at a time on a worker thread, and one that runs past the time limit is abandoned (its
 * thread terminated, a fresh one started for the next text) and refused as too complex.
 */

/** Far above any real post (a 30,000-character article renders in a few milliseconds). */
export const RENDER_TIME_LIMIT_MS = 2000;
/** Texts waiting for the thread; more than this is a flood, not an editor. */
export const RENDER_QUEUE_LIMIT = 32;

export const TOO_COMPLEX = 'This text takes too long to format. Simplify its deepest nesting (quotes, lists, brackets or emphasis marks).';
export const RENDER_BUSY = 'The formatter is busy. Please try again in a moment.';

export class MarkdownTooComplexError extends Error {
  constructor() {
    super(TOO_COMPLEX);
  }
}
export class MarkdownRendererBusyError extends Error {
  constructor() {
    super(RENDER_BUSY);
  }
}

type Job = { markdown: string; resolve: (html: string) => void; reject: (error: Error) => void };

export type MarkdownRenderer = {
  render(markdown: string): Promise<string>;
  /** Stops the thread (tests and scripts that want to exit at once). */
  close(): Promise<void>;
};

export function createMarkdownRenderer({ timeLimitMs = RENDER_TIME_LIMIT_MS, queueLimit = RENDER_QUEUE_LIMIT } = {}): MarkdownRenderer {
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let ready = false;
  let running: (Job & { id: number; timer: NodeJS.Timeout }) | null = null;
  let nextId = 1;

  function spawn(): Worker {
    const thread = new Worker(new URL('./markdown-worker.ts', import.meta.url));
    ready = false;
    thread.on('message', (reply: RenderReply) => {
      if (worker !== thread) return;
      if (reply === 'ready') {
        ready = true;
        return startNext();
      }
      if (!running || reply.id !== running.id) return;
      const job = running;
      finish();
      if ('html' in reply) job.resolve(reply.html);
      else job.reject(new Error(`Markdown rendering failed: ${reply.error}`));
    });
    // The thread died (out of memory, a crash in the parser): fail that text, not the server.
    const died = (error: Error) => {
      if (worker !== thread) return;
      worker = null;
      // A thread that died before it was ready cannot load the parser: fail everything waiting
      // rather than start thread after thread.
      if (!ready) for (const waiting of queue.splice(0)) waiting.reject(error);
      const job = running;
      finish();
      job?.reject(error);
    };
    thread.on('error', died);
    thread.on('exit', (code) => died(new Error(`The Markdown thread stopped (exit code ${code}).`)));
    // An idle thread must not keep a script or a test process alive.
    thread.unref();
    return thread;
  }

  function finish() {
    if (running) clearTimeout(running.timer);
    running = null;
    worker?.unref();
    startNext();
  }

  function startNext() {
    if (running || queue.length === 0) return;
    worker ??= spawn();
    worker.ref();
    if (!ready) return;
    const job = queue.shift()!;
    const id = nextId++;
    const timer = setTimeout(() => {
      // A native parse cannot be interrupted; terminating lets the thread end when it returns,
      // while the next text already gets a fresh thread.
      const stuck = worker;
      worker = null;
      void stuck?.terminate();
      running = null;
      job.reject(new MarkdownTooComplexError());
      startNext();
    }, timeLimitMs);
    running = { ...job, id, timer };
    worker.postMessage({ id, markdown: job.markdown });
  }

  return {
    render(markdown) {
      if (queue.length >= queueLimit) return Promise.reject(new MarkdownRendererBusyError());
      return new Promise<string>((resolve, reject) => {
        queue.push({ markdown, resolve, reject });
        startNext();
      });
    },
    async close() {
      const thread = worker;
      worker = null;
      await thread?.terminate();
    },
  };
}

/** The process's renderer: the API, the seed and the build's blog snapshot all render through it. */
const shared = createMarkdownRenderer();

export const renderMarkdown = (markdown: string): Promise<string> => shared.render(markdown);
