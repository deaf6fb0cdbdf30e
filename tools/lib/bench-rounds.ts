import { loadavg } from 'node:os';

/**
 * What every bench reports and how it runs, so that its figures can be trusted on a shared
 * machine (docs/testing.md, "Benches"): medians with their spread, the load average beside
 * them, rounds that alternate the sides of a comparison, and a time-out on every wait that
 * says what it was waiting for.
 */

/** The median of some figures (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "median (min–max)" of some figures, with `digits` decimals: the spread says how far to trust the median. */
export function withSpread(values: readonly number[], digits = 0): string {
  if (values.length === 0) return '–';
  const fixed = (n: number) => n.toFixed(digits);
  if (values.length === 1) return fixed(values[0]!);
  return `${fixed(median(values))} (${fixed(Math.min(...values))}–${fixed(Math.max(...values))})`;
}

/** The machine's 1, 5 and 15 minute load averages, for the line beside the figures. */
export function loadAverage(): string {
  return `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`;
}

/** Thrown when a bench gives up; its message says what it was waiting for and for how long. */
export class BenchGaveUp extends Error {}

/** Waits for `ready()` to give a value other than undefined, asking every `everyMs`; gives up after `timeoutMs` saying `waitingFor`. */
export async function waitFor<T>(
  waitingFor: string,
  ready: () => Promise<T | undefined>,
  { timeoutMs, everyMs = 100 }: { timeoutMs: number; everyMs?: number },
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await ready();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new BenchGaveUp(`gave up after ${Math.round(timeoutMs / 1000)} s waiting for ${waitingFor}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Runs `sides` one after another, `rounds` times, after one warm-up pass whose figures are
 * dropped: a slow spell of a shared machine then falls on every side of some round rather than
 * on one side of the only one. Gives each side's figures in round order.
 */
export async function alternatedRounds<K extends string>(
  rounds: number,
  sides: Record<K, (round: number) => Promise<number>>,
  onRound?: (round: number, figures: Record<K, number>) => void,
): Promise<Record<K, number[]>> {
  const names = Object.keys(sides) as K[];
  const figures = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (const name of names) await sides[name](0);
  for (let round = 1; round <= rounds; round++) {
    const these = {} as Record<K, number>;
    for (const name of names) these[name] = await sides[name](round);
    for (const name of names) figures[name].push(these[name]);
    onRound?.(round, these);
  }
  return figures;
}
