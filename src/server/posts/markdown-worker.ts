import { parentPort } from 'node:worker_threads';
import { markdownToSafeHtml } from '#src/lib/markdown.ts';

/** The render thread: one Markdown text in, its sanitised HTML (or the failure) out. */
export type RenderRequest = { id: number; markdown: string };
export type RenderReply = 'ready' | { id: number; html: string } | { id: number; error: string };

// Loading the parser takes a moment; the time limit starts only once the thread is ready.
parentPort?.postMessage('ready');

parentPort?.on('message', ({ id, markdown }: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { id, html: markdownToSafeHtml(markdown) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
