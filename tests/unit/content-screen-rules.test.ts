import { describe, expect, it } from 'vitest';
import { valueErrors, listFields, describeValue, entryFieldOrder, entryTitle } from '#src/admin/screens/content/value-rules.ts';
import { buildTree, moved, pageOf, possibleParents, subtreeOf } from '#src/admin/stores/content-tree.ts';
import { valueAddress, UrlValueError } from '#src/api/url-value.ts';
import type { SectionView } from '#src/schemas/content.ts';

/** The Content screen's pure rules: the tree from the flat list, moves, value checks and the fetch-first address rule. */

const section = (id: string, name: string, parent: string | null, idPath: string, order = 0): SectionView => ({
  id,
  _id: id,
  name,
  parent,
  level: idPath.split('/').length - 1,
  namePath: name,
  idPath,
  data: {},
  order,
  elements: [],
});

const sections = [
  section('b', 'Van insurance', null, 'b', 1),
  section('a', 'Home', null, 'a', 0),
  section('a2', 'How it works', 'a', 'a/a2', 1),
  section('a1', 'Hero', 'a', 'a/a1', 0),
  section('a1x', 'Badge', 'a1', 'a/a1/a1x', 0),
];

describe('the section tree', () => {
  it('nests the flat list by parent, each level in its order', () => {
    const tree = buildTree(sections);
    expect(tree.map((node) => node.section.name)).toEqual(['Home', 'Van insurance']);
    expect(tree[0]!.children.map((node) => node.section.name)).toEqual(['Hero', 'How it works']);
    expect(tree[0]!.children[0]!.children.map((node) => node.section.name)).toEqual(['Badge']);
  });

  it('keeps a section whose parent is missing from the list, at the top', () => {
    expect(buildTree([section('x', 'Orphan', 'gone', 'gone/x')]).map((node) => node.section.name)).toEqual(['Orphan']);
  });

  it('reads a page in order, finds the page of a block, and never offers a section its own subtree as a parent', () => {
    expect(subtreeOf(sections, 'a').map((s) => s.name)).toEqual(['Home', 'Hero', 'Badge', 'How it works']);
    expect(pageOf(sections, 'a1x')?.name).toBe('Home');
    expect(
      possibleParents(sections, 'a1')
        .map((s) => s.id)
        .sort(),
    ).toEqual(['a', 'a2', 'b']);
  });

  it('moves one item up or down, and leaves the list as it was at either end', () => {
    expect(moved(['x', 'y', 'z'], 2, -1)).toEqual(['x', 'z', 'y']);
    expect(moved(['x', 'y', 'z'], 0, 1)).toEqual(['y', 'x', 'z']);
    expect(moved(['x', 'y'], 0, -1)).toEqual(['x', 'y']);
    expect(moved(['x', 'y'], 1, 1)).toEqual(['x', 'y']);
  });
});

describe('values, checked by the same rules as the server', () => {
  it("says 'Invalid URL' for a link that is not one, and nothing for a good one", () => {
    expect(valueErrors('link', { url: 'javascript:alert(1)', label: '' })).toEqual({ url: 'Invalid URL' });
    expect(valueErrors('link', { url: '/van-insurance', label: 'Vans' })).toEqual({});
    expect(valueErrors('video', { url: 'https://videos.example.com/1' }).url).toMatch(/^Videos can come from/);
    expect(valueErrors('number', Number.NaN)).toEqual({ '': 'Must be a number' });
    expect(valueErrors('list', [{ question: 'Why?', answer: 'x'.repeat(2_001) }])['0.answer']).toBe('Must be 2000 characters or fewer');
  });

  it('names the fields of list entries from the entries, or the element setting, or title and text', () => {
    expect(listFields([{ question: 'Q', answer: 'A' }], {})).toEqual(['question', 'answer']);
    expect(listFields([], { fields: 'step, detail' })).toEqual(['step', 'detail']);
    expect(listFields([], {})).toEqual(['title', 'text']);
  });

  it('puts what names an entry first, and titles its row with it or its first words', () => {
    expect(entryFieldOrder(['icon', 'link', 'text', 'title'])).toEqual(['title', 'icon', 'link', 'text']);
    expect(entryFieldOrder(['answer', 'question'])).toEqual(['question', 'answer']);
    expect(entryTitle({ icon: 'truck', title: 'Van insurance', text: 'Cover' }, ['title', 'icon', 'text'])).toBe('Van insurance');
    expect(entryTitle({ icon: 'truck', text: 'Cover for vans' }, ['icon', 'text'])).toBe('Cover for vans');
    expect(entryTitle({ icon: 'truck', title: ' ', text: '' }, ['title', 'icon', 'text'])).toBe('');
    expect(entryTitle({ text: 'x'.repeat(100) }, ['text'])).toBe(`${'x'.repeat(90)}…`);
  });

  it('describes earlier values for the history in a line', () => {
    expect(describeValue('boolean', true)).toBe('Yes');
    expect(describeValue('link', { url: '/careers', label: 'Apply' })).toBe('Apply (/careers)');
    expect(describeValue('list', [{ title: 'Call us' }, { title: 'Get a quote' }])).toBe('2 entries: Call us…');
    // By its title, not its first field (an icon's name, or empty).
    expect(describeValue('list', [{ icon: '', title: 'Claims handler' }])).toBe('1 entry: Claims handler…');
  });
});

describe('an image or video given by address', () => {
  it('takes http(s) addresses and paths of the site, and refuses the API and other schemes', () => {
    expect(valueAddress('/photos/office.jpg', 'https://broker.ie').href).toBe('https://broker.ie/photos/office.jpg');
    expect(valueAddress('https://cdn.example.com/van.jpg', 'https://broker.ie').href).toBe('https://cdn.example.com/van.jpg');
    expect(() => valueAddress('/api/v1/users/', 'https://broker.ie')).toThrow(UrlValueError);
    expect(() => valueAddress('javascript:alert(1)', 'https://broker.ie')).toThrow('Invalid URL');
    expect(() => valueAddress('http://[bad', 'https://broker.ie')).toThrow('Invalid URL');
  });
});

describe('a page’s canonical address', () => {
  it('is a path of this site or a web address, and nothing else', async () => {
    const { canonicalTarget } = await import('#src/schemas/search-listing.ts');
    expect(canonicalTarget(' /van-insurance ')).toBe('/van-insurance');
    expect(canonicalTarget('https://www.example.ie/vans')).toBe('https://www.example.ie/vans');
    expect(canonicalTarget('//elsewhere.example/vans')).toBeNull();
    expect(canonicalTarget('/\\elsewhere.example')).toBeNull();
    expect(canonicalTarget('javascript:alert(1)')).toBeNull();
    expect(canonicalTarget('van insurance')).toBeNull();
    expect(canonicalTarget('https://')).toBeNull();
  });
});
