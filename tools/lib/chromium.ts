import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, never a downloaded browser. A missing browser fails the run with the
 * fix, rather than skipping the end-to-end tests.
 */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((path): path is string => Boolean(path));
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'Chromium was not found, so the end-to-end tests cannot run.\n' +
        'Install Debian’s package with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}

/** Flags for a sandboxed CI machine with no network beyond loopback. */
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-sandbox',
];

/**
 * Date and time fields drawn as an Irish browser draws them (05/01/2026, 21:00), not month first
 * with AM/PM. Chromium draws them in its own interface language, and Debian's package ships only
 * en-US, so `--lang=en-IE` changes nothing; this Blink feature draws them in the page's language
 * instead (`<html lang="en-IE">` on every page here). For screenshots: the end-to-end tests read
 * the fields' values, which do not depend on it.
 */
export const irishDateFields = ['--lang=en-IE', '--enable-blink-features=LangAttributeAwareFormControlUI'];
