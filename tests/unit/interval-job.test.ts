import { describe, expect, it } from 'vitest';
import { startIntervalJob } from '#src/server/jobs/interval-job.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a background job on an interval', () => {
  it('stops between items: stopping waits for the run in hand and starts no other', async () => {
    const events: string[] = [];
    let runs = 0;
    const stop = startIntervalJob(async () => {
      runs += 1;
      events.push(`start ${runs}`);
      await sleep(150);
      events.push(`end ${runs}`);
    }, 20);
    await sleep(50);
    await stop();
    events.push('stopped');
    await sleep(100);
    expect(events).toEqual(['start 1', 'end 1', 'stopped']);
  });

  it('never runs two at once, and a failed run does not stop the next', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const stop = startIntervalJob(async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await sleep(30);
      running -= 1;
      if (runs === 1) throw new Error('first run fails');
    }, 10);
    await sleep(200);
    await stop();
    expect(most).toBe(1);
    expect(runs).toBeGreaterThan(2);
  });
});
