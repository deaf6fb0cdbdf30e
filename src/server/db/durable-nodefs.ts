import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Mod = Parameters<NodeFS['init']>[1];
type NodeStream = { nfd?: number };

/**
 * PGlite's folder on disk, with fsync that reaches the disk. PGlite starts PostgreSQL with
 * `-F` (fsync off), and even without it the Emscripten layer under it drops every sync:
 * its NODEFS has no fsync operation and its fdatasync is a no-op. So an acknowledged write
 * could sit in the OS cache and be lost to a power cut. This mounts the same NODEFS with an
 * fsync that calls the kernel's; `durableStartParams` then turns PostgreSQL's fsync on and
 * makes the WAL flush with fsync() (the call that arrives here).
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Mod) {
    const result = await super.init(pg, emscriptenOptions);
    const { emscriptenOpts } = result;
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        const streamOps = (mod.NODEFS as unknown as { stream_ops: Record<string, unknown> }).stream_ops;
        streamOps.fsync = (stream: NodeStream) => {
          // Through the module object, not a destructured import, so a test can watch the calls.
          if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on: PostgreSQL then syncs the WAL at every commit and data files at checkpoints. */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
}
