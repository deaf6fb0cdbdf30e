import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder rules of docs/architecture.md ("Folders and their layers"), checked on every
 * import of every source file, relative or written from the root (`#src/…`): a rule broken
 * here is an arrow drawn the wrong way in that picture.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|astro|mjs)$/;

/** Every source file under a folder, as paths from the project's root. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

type Import = { file: string; target: string; typeOnly: boolean };

/** A file's imports that name a file of this project, as paths from the root. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found: Import[] = [];
  const pattern = /\b(import|export)\s+(type\s+)?(?:[^'"`;]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[3] ?? match[4] ?? '';
    let target: string | null = null;
    if (specifier.startsWith('#src/') || specifier.startsWith('#tests/') || specifier.startsWith('#tools/')) target = specifier.slice(1);
    else if (specifier.startsWith('.')) target = relative(ROOT, resolve(ROOT, dirname(file), specifier));
    if (target) found.push({ file, target, typeOnly: Boolean(match[2]) });
  }
  return found;
}

const layerOf = (path: string) => {
  const [top = '', second = ''] = path.split('/');
  return top === 'src' ? `src/${second}` : top;
};

const BROWSER = ['src/admin', 'src/islands', 'src/ui', 'src/api'];
const SHARED = ['src/schemas', 'src/lib'];
const sourceImports = filesUnder('src').flatMap(importsOf);

function broken(from: string[], allowed: (target: string, entry: Import) => boolean): string[] {
  return sourceImports
    .filter((entry) => from.includes(layerOf(entry.file)) && !allowed(layerOf(entry.target), entry))
    .map((entry) => `${entry.file} → ${entry.target}`);
}

describe('the folders’ layers (docs/architecture.md)', () => {
  it('reads the imports (the check is not empty)', () => {
    expect(sourceImports.length).toBeGreaterThan(1000);
    expect(sourceImports.some((entry) => entry.target.startsWith('src/schemas/'))).toBe(true);
  });

  it('browser code imports only browser, shared and style code; the server only as a type', () => {
    const allowed = [...BROWSER, ...SHARED, 'src/styles'];
    expect(broken(BROWSER, (target, entry) => allowed.includes(target) || (target === 'src/server' && entry.typeOnly))).toEqual([]);
  });

  it('src/schemas imports only src/lib; src/lib, the ground floor, imports nothing of ours', () => {
    expect(broken(['src/schemas'], (target) => SHARED.includes(target))).toEqual([]);
    expect(broken(['src/lib'], (target) => target === 'src/lib')).toEqual([]);
  });

  it('src/site never imports the server or browser code', () => {
    expect(broken(['src/site'], (target) => target !== 'src/server' && !BROWSER.includes(target))).toEqual([]);
  });

  it('the server never imports browser code', () => {
    expect(broken(['src/server', 'src/build'], (target) => !BROWSER.includes(target))).toEqual([]);
  });

  it('an import climbs at most one folder; anything further is written from the root (#src/…)', () => {
    const climbing = ['src', 'tests', 'tools']
      .flatMap(filesUnder)
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\b(?:from|import)\s*\(?\s*['"](\.\.\/\.\.\/[^'"]*)['"]/g)].map((match) => `${file}: ${match[1]}`),
      );
    expect(climbing).toEqual([]);
  });

  it('nothing in src imports tools or tests', () => {
    expect(sourceImports.filter((entry) => /^(tools|tests)$/.test(layerOf(entry.target))).map((entry) => `${entry.file} → ${entry.target}`)).toEqual([]);
  });
});
