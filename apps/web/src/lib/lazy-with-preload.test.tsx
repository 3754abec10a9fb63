import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload, onIntent, type PreloadableComponent } from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Renders `LazyGreeting` for `name` and waits for its text. */
async function renderGreeting(LazyGreeting: PreloadableComponent<{ name: string }>, name: string) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <LazyGreeting name={name} />
    </Suspense>,
  );
  return screen.findByText(`Hello ${name}`);
}

describe('lazyWithPreload (issue #13: dialog code loaded on intent)', () => {
  it('loads the code once, whether preloaded, preloaded again or rendered', async () => {
    const load = vi.fn(async () => Greeting);
    const LazyGreeting = lazyWithPreload(load);
    LazyGreeting.preload();
    LazyGreeting.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await renderGreeting(LazyGreeting, 'Ada')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload, so the render fetches again', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const LazyGreeting = lazyWithPreload(load);
    LazyGreeting.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => {
      LazyGreeting.preload();
      expect(load).toHaveBeenCalledTimes(2);
    });
    expect(await renderGreeting(LazyGreeting, 'Grace')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('onIntent runs the preload on pointer over, keyboard focus and touch', () => {
    const preload = vi.fn();
    render(<button {...onIntent(preload)}>Open</button>);
    const button = screen.getByRole('button', { name: 'Open' });
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    fireEvent.touchStart(button);
    expect(preload).toHaveBeenCalledTimes(3);
  });
});
