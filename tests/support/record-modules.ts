import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Loaded with `--import` ahead of the server: notes the address of every module the process
 * resolves (imports and requires) and writes them to RECORD_MODULES_TO when it exits, so a test
 * can say what a server never loaded.
 */
const seen = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    seen.add(resolved.url);
    return resolved;
  },
});
process.on('exit', () => appendFileSync(process.env.RECORD_MODULES_TO!, [...seen].join('\n')));
