import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { getToastMessage, showErrorToast, showToast, subscribeToast } from './toast-store';

describe('toast store (seed §4: a shared message with message, type and date)', () => {
  afterEach(() => vi.useRealTimers());

  it('holds the newest message and tells every subscriber', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToast(listener);
    showToast('Saved');
    expect(getToastMessage()).toMatchObject({ message: 'Saved', type: 'success' });
    showToast('Careful', 'warning');
    expect(getToastMessage()).toMatchObject({ message: 'Careful', type: 'warning' });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    showToast('Unheard');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('gives the same text twice in one millisecond two different dates, so it shows twice', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    showToast('Again');
    const first = getToastMessage()!.date;
    showToast('Again');
    expect(getToastMessage()!.date).toBeGreaterThan(first);
  });

  it('gives the same text and type one key, so such toasts replace each other instead of stacking (issue #8)', () => {
    showToast('The email or password is incorrect.', 'error');
    const first = getToastMessage()!;
    showToast('The email or password is incorrect.', 'error');
    expect(getToastMessage()!.key).toBe(first.key);
    showToast('The email or password is incorrect.', 'warning');
    expect(getToastMessage()!.key).not.toBe(first.key);
    showToast('Something else.', 'error');
    expect(getToastMessage()!.key).not.toBe(first.key);
  });

  it("shows a failed call's message as an error toast, and a generic one for other errors", () => {
    showErrorToast(
      new ApiError({ status: 409, errorCode: 'CONFLICT', errorDisplayMessage: 'Someone changed it.', errorData: null, payload: undefined }),
    );
    expect(getToastMessage()).toMatchObject({ message: 'Someone changed it.', type: 'error' });
    showErrorToast(new Error('boom'));
    expect(getToastMessage()).toMatchObject({ message: 'An error occurred.', type: 'error' });
  });
});
