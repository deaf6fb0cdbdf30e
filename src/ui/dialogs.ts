// The plain build: the default one injects a <style> element, which the CSP refuses.
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
import 'sweetalert2/dist/sweetalert2.css';

/** Every back-office dialog, with the titles and texts of the spec (section 8). */
const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const base = { confirmButtonColor: '#0b3d5c', returnFocus: true, animation: !reducedMotion } as const;

export function showError(message: string, title: 'Error' | 'Error!' = 'Error') {
  return Swal.fire({ ...base, icon: 'error', title, text: message });
}

export function showSuccess(message: string, title: 'Success' | 'Success!' = 'Success!') {
  return Swal.fire({ ...base, icon: 'success', title, text: message });
}

/** A success with its own title, e.g. 'User Updated' (spec section 8). */
export function showUpdated(title: string, message: string) {
  return Swal.fire({ ...base, icon: 'success', title, text: message });
}

export function showInfo(title: string, message: string) {
  return Swal.fire({ ...base, icon: 'info', title, text: message });
}

/** 'Are you sure?' before a delete; resolves true when confirmed. */
export async function confirmDelete(): Promise<boolean> {
  const result = await Swal.fire({
    ...base,
    icon: 'warning',
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    showCancelButton: true,
    confirmButtonText: 'Yes, delete it!',
    cancelButtonColor: '#5a6470',
    focusCancel: true,
  });
  return result.isConfirmed;
}

export function showDeleted(text: string) {
  return Swal.fire({ ...base, icon: 'success', title: 'Deleted!', text });
}

export function accessDenied() {
  return Swal.fire({ ...base, icon: 'error', title: 'Access Denied', text: 'Please sign in to use the back-office.' });
}
