/** The modal is part of the address: ?modal=open&modalName=<name>. */
export function modalNameFromUrl(href: string): string | null {
  const params = new URL(href).searchParams;
  return params.get('modal') === 'open' ? params.get('modalName') : null;
}

export function urlWithoutModal(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('modal');
  url.searchParams.delete('modalName');
  return url.pathname + url.search + url.hash;
}

export function urlWithModal(href: string, name: string): string {
  const url = new URL(href);
  url.searchParams.set('modal', 'open');
  url.searchParams.set('modalName', name);
  return url.pathname + url.search + url.hash;
}
