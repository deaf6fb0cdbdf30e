import { map } from 'nanostores';

/** Modal state: whether it is open, and which one. */
export const $modal = map<{ isOpen: boolean; name: string }>({ isOpen: false, name: '' });

export function openModal(name: string): void {
  $modal.set({ isOpen: true, name });
}

export function closeModal(): void {
  $modal.set({ isOpen: false, name: '' });
}
