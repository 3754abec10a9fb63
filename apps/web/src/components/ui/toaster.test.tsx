import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_CLOSE_MS, TOAST_COLLAPSE_MS, TOAST_DELAY_MS } from '@/config/constants';
import { showToast, type ToastType } from '@/lib/toast-store';
import { Toaster } from './toaster';

/** Advances the fake clock by `ms` and lets React and the lazy import settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('Toaster (seed §4, §9)', () => {
  beforeAll(async () => {
    // The toast library is loaded on the first toast; load it once up front so the fake clock
    // measures the toaster's own delay, not the module loader.
    await import('./toast-host');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders nothing before the first message', () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a toast about 100 ms after the message changes, not before', async () => {
    render(<Toaster />);
    act(() => showToast('Workspace renamed.'));
    await advance(TOAST_DELAY_MS - 1);
    expect(screen.queryByText('Workspace renamed.')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText('Workspace renamed.')).toBeInTheDocument();
  });

  it.each<[ToastType | 'unknown', string]>([
    ['error', 'Toastify__toast--error'],
    ['info', 'Toastify__toast--info'],
    ['warning', 'Toastify__toast--warning'],
    ['success', 'Toastify__toast--success'],
    // Anything other than error, info and warning shows as success (seed §4).
    ['unknown', 'Toastify__toast--success'],
  ])('shows a %s message as %s', async (type, className) => {
    render(<Toaster />);
    act(() => showToast(`A ${type} message`, type as ToastType));
    await advance(TOAST_DELAY_MS);
    const toast = screen.getByText(`A ${type} message`).closest('.Toastify__toast');
    expect(toast).toHaveClass(className);
  });

  it('replaces a toast of the same text instead of stacking a copy, and restarts its timer (issue #8)', async () => {
    render(<Toaster />);
    act(() => showToast('The email or password is incorrect.', 'error'));
    await advance(TOAST_DELAY_MS);
    const timerOf = () =>
      screen.getByText('The email or password is incorrect.').closest('.Toastify__toast')!.querySelector('.Toastify__progress-bar');
    const firstTimer = timerOf();
    act(() => showToast('The email or password is incorrect.', 'error'));
    // The library applies an update after its own 100 ms.
    await advance(TOAST_DELAY_MS);
    await advance(100);
    expect(screen.getAllByText('The email or password is incorrect.')).toHaveLength(1);
    expect(timerOf()).not.toBe(firstTimer);
  });

  it('shows a message again when the toast of the same text is already closing, instead of losing it', async () => {
    render(<Toaster />);
    act(() => showToast('The workspace was renamed.'));
    await advance(TOAST_DELAY_MS);
    const first = screen.getByText('The workspace was renamed.').closest('.Toastify__toast')!;
    // Its timer ends: it starts fading out (happy-dom runs no CSS animations).
    fireEvent.animationEnd(first.querySelector('.Toastify__progress-bar')!);
    act(() => showToast('The workspace was renamed.'));
    await advance(TOAST_DELAY_MS);
    expect(screen.getAllByText('The workspace was renamed.')).toHaveLength(2);
    // The closing one goes; the new one stays.
    fireEvent.animationEnd(first);
    await advance(TOAST_COLLAPSE_MS + 2 * 16);
    expect(first).not.toBeInTheDocument();
    expect(screen.getByText('The workspace was renamed.')).toBeInTheDocument();
  });

  it('stacks toasts of different texts', async () => {
    render(<Toaster />);
    act(() => showToast('Task saved.'));
    await advance(TOAST_DELAY_MS);
    act(() => showToast('Member invited.'));
    await advance(TOAST_DELAY_MS);
    expect(screen.getByText('Task saved.')).toBeInTheDocument();
    expect(screen.getByText('Member invited.')).toBeInTheDocument();
  });

  it('auto-closes after 2000 ms and collapses in 300 ms', async () => {
    render(<Toaster />);
    act(() => showToast('Closing soon.', 'info'));
    await advance(TOAST_DELAY_MS);
    const toast = screen.getByText('Closing soon.').closest('.Toastify__toast')!;
    // react-toastify times auto-close with its (hidden) progress bar's CSS animation.
    const timer = toast.querySelector<HTMLElement>('[role="progressbar"], .Toastify__progress-bar')!;
    expect(timer.style.animationDuration).toBe(`${TOAST_AUTO_CLOSE_MS}ms`);
    // happy-dom runs no CSS animations: end the timer's and the exit animation by hand.
    fireEvent.animationEnd(timer);
    fireEvent.animationEnd(toast);
    // The collapse starts within two animation frames, then takes 300 ms.
    await advance(TOAST_COLLAPSE_MS - 1);
    expect(screen.getByText('Closing soon.')).toBeInTheDocument();
    await advance(1 + 2 * 16);
    expect(screen.queryByText('Closing soon.')).not.toBeInTheDocument();
  });
});
