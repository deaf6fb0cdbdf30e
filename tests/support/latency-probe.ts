import { Worker } from 'node:worker_threads';

/**
 * Times a GET from a thread of its own: when the server's thread is stuck, the request waits
 * for it, and this clock (unlike one on the stuck thread) sees the whole wait. The thread
 * makes one request first, so the timed one pays no start-up cost of its own.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const timed = async () => {
  const started = performance.now();
  const res = await fetch(workerData.url);
  await res.text();
  return { status: res.status, ms: performance.now() - started };
};
timed().then(() => {
  parentPort.postMessage('ready');
  parentPort.once('message', (delayMs) => setTimeout(() => timed().then((answer) => parentPort.postMessage(answer)), delayMs));
});
`;

export type LatencyProbe = {
  /** Times one GET made `delayMs` from now. */
  measureAfter(delayMs: number): Promise<{ status: number; ms: number }>;
};

export function latencyProbe(url: string): Promise<LatencyProbe> {
  return new Promise((ready, failed) => {
    const worker = new Worker(PROBE, { eval: true, workerData: { url } });
    worker.once('error', failed);
    worker.once('message', () =>
      ready({
        measureAfter: (delayMs) =>
          new Promise((answered, fault) => {
            worker.once('message', (answer: { status: number; ms: number }) => {
              answered(answer);
              void worker.terminate();
            });
            worker.once('error', fault);
            worker.postMessage(delayMs);
          }),
      }),
    );
  });
}
