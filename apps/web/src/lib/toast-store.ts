import { getApiErrorMessage } from './error-message';
import { isApiError } from './api-error';

/** Toast kinds; anything other than error/info/warning shows as success (seed §4). */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

/**
 * The shared toast message (seed §3: message, type, date). `date` is ms since the epoch. `key` is
 * the same for the same text and type: a toast with the key of one still on screen replaces it
 * (its timer starts again) instead of stacking a copy (issue #8).
 */
export interface ToastMessage {
  message: string;
  type: ToastType;
  date: number;
  key: string;
}

/** The dedupe key of a toast: its type and text. */
export const toastKey = (message: string, type: ToastType) => `${type}:${message}`;

type Listener = () => void;
let current: ToastMessage | null = null;
let lastDate = 0;
const listeners = new Set<Listener>();

/** Subscribes to changes of the shared message; returns the unsubscribe function. */
export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current shared message, or null. */
export function getToastMessage(): ToastMessage | null {
  return current;
}

/**
 * Sets the shared message; the toaster shows it 100 ms later (seed §4). Dates strictly increase so
 * the same text again is announced again; its equal `key` makes it replace the toast already
 * showing it rather than add a second one (issue #8).
 */
export function showToast(message: string, type: ToastType = 'success'): void {
  lastDate = Math.max(Date.now(), lastDate + 1);
  current = { message, type, date: lastDate, key: toastKey(message, type) };
  listeners.forEach((listener) => listener());
}

/** Error toast of a failed call, with the seed §8 message choice. */
export function showErrorToast(error: unknown): void {
  showToast(isApiError(error) ? getApiErrorMessage(error) : 'An error occurred.', 'error');
}
