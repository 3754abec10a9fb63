import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplayingStyleCache, MAX_STORED_CSS_CHARS, STYLE_READ_BOUND_MS, type StoredStyles, type StyleStore } from './style-replay';

/** A store in memory: what Cache Storage would hold, and every write. */
function memoryStore(initial: unknown = null) {
  const writes: StoredStyles[] = [];
  let held = initial;
  const store: StyleStore = {
    read: async () => held,
    write: async (styles) => {
      writes.push(styles);
      held = styles;
    },
  };
  return { store, writes };
}

/**
 * The browser's idle callbacks held in a queue (jsdom has none): `runIdle()` is the main thread's
 * next idle moment, when the cache stores new rules.
 */
let runIdle: () => void = () => undefined;

beforeEach(() => {
  const queued: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => queued.push(callback));
  runIdle = () => {
    for (const callback of queued.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
  };
});

/** The one write of `writes` (fails when there is none or more). */
function onlyWrite(writes: StoredStyles[]): StoredStyles {
  expect(writes).toHaveLength(1);
  return writes[0]!;
}

/**
 * A first visit of build-a that renders a box of `color` and stores its styles;
 * then a new page. The stored styles and the box's class.
 */
async function firstVisit(color: string) {
  const { store, writes } = memoryStore();
  const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
  await whenReady();
  const className = renderBox(cache, color);
  runIdle();
  newVisit();
  return { stored: onlyWrite(writes), className };
}

/** A page of its own: no style element of an earlier test, no cache (a visit starts afresh). */
function newVisit() {
  cleanup();
  for (const element of document.querySelectorAll('style')) element.remove();
}

/** Renders a box with `color` under `cache`; its Emotion class name. */
function renderBox(cache: ReturnType<typeof createReplayingStyleCache>['cache'], color: string) {
  render(
    <CacheProvider value={cache}>
      <Box data-testid="box" sx={{ color, padding: '3px' }} />
    </CacheProvider>,
  );
  const className = [...screen.getByTestId('box').classList].find((name) => name.startsWith('css-'));
  if (!className) throw new Error('the box has no Emotion class');
  return className;
}

/** A global style of the body's `margin` (px) under `cache`. */
function globalOf(cache: ReturnType<typeof createReplayingStyleCache>['cache'], margin: number) {
  return (
    <CacheProvider value={cache}>
      <GlobalStyles styles={{ body: { margin } }} />
    </CacheProvider>
  );
}

/** Renders {@link globalOf}. */
function renderGlobal(cache: ReturnType<typeof createReplayingStyleCache>['cache'], margin: number) {
  return render(globalOf(cache, margin));
}

/** The text of the global styles' elements, in document order. */
function globalCss() {
  return [...document.querySelectorAll('style[data-emotion^="css-global"]')].map((element) => element.textContent ?? '');
}

/** The text of the app cache's style elements (`css`, not the global ones). */
function cacheCss() {
  return [...document.querySelectorAll('style[data-emotion^="css"]:not([data-emotion^="css-global"])')]
    .map((element) => element.textContent ?? '')
    .join('');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  newVisit();
});

describe('createReplayingStyleCache (issue #13, decision 044)', () => {
  it('stores the rules a visit inserted at the next idle moment, with their class names and the build', async () => {
    const { store, writes } = memoryStore();
    const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    await whenReady();
    const className = renderBox(cache, 'rgb(1, 2, 3)');

    expect(writes).toEqual([]);
    runIdle();
    const stored = onlyWrite(writes);
    expect(stored.build).toBe('build-a');
    expect(stored.ids).toContain(className.slice('css-'.length));
    expect(stored.css).toContain(`.${className}{`);
    expect(stored.css).toContain('rgb(1, 2, 3)');
  });

  it("stores a later commit's rules at the idle moment after it, with those stored before", async () => {
    const { store, writes } = memoryStore();
    const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    await whenReady();
    renderBox(cache, 'rgb(28, 29, 30)');
    runIdle();
    expect(writes).toHaveLength(1);
    cleanup();
    const later = renderBox(cache, 'rgb(31, 32, 33)');

    expect(writes).toHaveLength(1);
    runIdle();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.ids).toContain(later.slice('css-'.length));
    expect(writes[1]!.css.startsWith(writes[0]!.css)).toBe(true);
    expect(writes[1]!.css).toContain('rgb(31, 32, 33)');
  });

  it('stores at once when the page is hidden', async () => {
    const { store, writes } = memoryStore();
    const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    await whenReady();
    renderBox(cache, 'rgb(4, 5, 6)');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(writes).toHaveLength(1);
    expect(onlyWrite(writes).css).toContain('rgb(4, 5, 6)');
  });

  it('replays a visit of the same build: the same class, its rule in place, nothing compiled or stored again', async () => {
    const { stored, className } = await firstVisit('rgb(7, 8, 9)');
    const second = memoryStore(stored);
    const visit2 = createReplayingStyleCache({ build: 'build-a', store: second.store });
    await visit2.whenReady();
    const replayed = document.querySelector('style[data-emotion^="css "]');
    expect(replayed?.getAttribute('data-emotion')?.split(' ')).toEqual(['css', ...stored.ids]);
    expect(replayed?.textContent).toBe(stored.css);

    expect(renderBox(visit2.cache, 'rgb(7, 8, 9)')).toBe(className);
    // The rule is the replayed one: no other style element of the cache holds it.
    expect(cacheCss()).toBe(stored.css);
    runIdle();
    expect(second.writes).toEqual([]);
  });

  it("adds a later visit's new rules to the replayed ones when it stores", async () => {
    const first = await firstVisit('rgb(10, 11, 12)');
    const oldClass = first.className;
    const second = memoryStore(first.stored);
    const visit2 = createReplayingStyleCache({ build: 'build-a', store: second.store });
    await visit2.whenReady();
    const newClass = renderBox(visit2.cache, 'rgb(13, 14, 15)');
    runIdle();
    expect(second.writes).toHaveLength(1);
    const stored = onlyWrite(second.writes);
    expect(stored.ids).toEqual(expect.arrayContaining([oldClass.slice(4), newClass.slice(4)]));
    expect(stored.css.startsWith(first.stored.css)).toBe(true);
    expect(stored.css).toContain('rgb(13, 14, 15)');
  });

  it('does not replay the styles of another build, or a stored value of the wrong shape', async () => {
    for (const held of [
      { build: 'build-old', ids: ['abc'], css: '.css-abc{color:red;}', globals: {} },
      { build: 'build-a', ids: 'abc', css: '.css-abc{color:red;}', globals: {} },
      { build: 'build-a', ids: ['a b'], css: '', globals: {} },
      { build: 'build-a', ids: ['abc'], css: '.css-abc{color:red;}' },
      { build: 'build-a', ids: ['abc'], css: '.css-abc{color:red;}', globals: { 'a b': 'body{color:red;}' } },
      { build: 'build-a', ids: ['abc'], css: '.css-abc{color:red;}', globals: { abc: 1 } },
      'not an object',
    ]) {
      newVisit();
      const { store } = memoryStore(held);
      const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
      await whenReady();
      expect(document.querySelector('style[data-emotion^="css "]')).toBeNull();
      expect(cache.inserted).toEqual({});
    }
  });

  it('renders without replaying when the stored styles cannot be read', async () => {
    const store: StyleStore = { read: () => Promise.reject(new Error('quota')), write: async () => undefined };
    const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    await expect(whenReady()).resolves.toBeUndefined();
    renderBox(cache, 'rgb(16, 17, 18)');
    expect(cacheCss()).toContain('rgb(16, 17, 18)');
  });

  it('replays nothing once a rule was inserted before the stored styles were read', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const store: StyleStore = {
      read: () => new Promise((resolve) => (answer = resolve)),
      write: async () => undefined,
    };
    const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    renderBox(cache, 'rgb(19, 20, 21)');
    answer({ build: 'build-a', ids: ['zzz'], css: '.css-zzz{color:red;}', globals: {} });
    await whenReady();
    expect(document.querySelector('style[data-emotion^="css "]')).toBeNull();
    expect(cache.inserted.zzz).toBeUndefined();
  });

  it('is ready STYLE_READ_BOUND_MS after whenReady() when the read hangs, and then replays nothing', async () => {
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => undefined;
    const store: StyleStore = { read: () => new Promise((resolve) => (answer = resolve)), write: async () => undefined };
    const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    let isReady = false;
    void whenReady().then(() => (isReady = true));
    await vi.advanceTimersByTimeAsync(STYLE_READ_BOUND_MS - 1);
    expect(isReady).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isReady).toBe(true);
    renderBox(cache, 'rgb(25, 26, 27)');
    answer({ build: 'build-a', ids: ['zzz'], css: '.css-zzz{color:red;}', globals: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(document.querySelector('style[data-emotion^="css "]')).toBeNull();
    expect(cacheCss()).toContain('rgb(25, 26, 27)');
  });

  it('counts the bound from whenReady(), not from its creation: a read that outlasts a slow start is still replayed', async () => {
    const { stored } = await firstVisit('rgb(28, 29, 30)');
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => undefined;
    const store: StyleStore = { read: () => new Promise((resolve) => (answer = resolve)), write: async () => undefined };
    const { whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    // The start (modules, router, session) takes longer than the bound; then the app would render.
    await vi.advanceTimersByTimeAsync(STYLE_READ_BOUND_MS * 2);
    let isReady = false;
    void whenReady().then(() => (isReady = true));
    await vi.advanceTimersByTimeAsync(STYLE_READ_BOUND_MS - 1);
    expect(isReady).toBe(false);
    answer(stored);
    await vi.advanceTimersByTimeAsync(0);
    expect(isReady).toBe(true);
    expect(document.querySelector('style[data-emotion^="css "]')?.textContent).toBe(stored.css);
  });

  it('stores nothing beyond MAX_STORED_CSS_CHARS', async () => {
    const css = `.css-big{content:"${'x'.repeat(MAX_STORED_CSS_CHARS)}";}`;
    const { store, writes } = memoryStore({ build: 'build-a', ids: ['big'], css, globals: {} });
    const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
    await whenReady();
    renderBox(cache, 'rgb(22, 23, 24)');
    runIdle();
    expect(writes).toEqual([]);
  });

  describe('global styles', () => {
    /** A first visit that mounts the body's margin of 3px: its stored styles and the global style's name. */
    async function firstVisitWithGlobal() {
      const { store, writes } = memoryStore();
      const { cache, whenReady } = createReplayingStyleCache({ build: 'build-a', store });
      await whenReady();
      renderGlobal(cache, 3);
      expect(globalCss().join('')).toContain('margin:3px');
      runIdle();
      newVisit();
      const stored = onlyWrite(writes);
      const names = Object.keys(stored.globals);
      expect(names).toHaveLength(1);
      return { stored, name: names[0]! };
    }

    it("stores a global style's rules under its name", async () => {
      const { stored, name } = await firstVisitWithGlobal();
      expect(stored.globals[name]).toContain('body{margin:3px;}');
      expect(stored.css).not.toContain('margin:3px');
    });

    it('gives a later mount of that style its stored rules, as one element, without compiling or storing them again', async () => {
      const { stored, name } = await firstVisitWithGlobal();
      // The stored rules say 4px where the style says 3px: what the page gets is what was stored.
      const held = { ...stored, globals: { [name]: 'body{margin:4px;}' } };
      const second = memoryStore(held);
      const visit2 = createReplayingStyleCache({ build: 'build-a', store: second.store });
      await visit2.whenReady();
      expect(globalCss()).toEqual([]);

      const view = renderGlobal(visit2.cache, 3);
      expect(globalCss()).toEqual(['body{margin:4px;}']);
      expect(getComputedStyle(document.body).margin).toBe('4px');
      runIdle();
      expect(second.writes).toEqual([]);
      // The element belongs to the style's sheet: unmounted, it goes.
      view.unmount();
      expect(globalCss()).toEqual([]);
    });

    it('gives two mounts of one style one element each; either may unmount first', async () => {
      const { stored } = await firstVisitWithGlobal();
      const visit2 = createReplayingStyleCache({ build: 'build-a', store: memoryStore(stored).store });
      await visit2.whenReady();
      const first = renderGlobal(visit2.cache, 3);
      renderGlobal(visit2.cache, 3);
      expect(globalCss()).toHaveLength(2);
      first.unmount();
      expect(globalCss().join('')).toContain('margin:3px');
    });

    it('compiles and stores a changed style, with the replayed ones kept', async () => {
      const { stored, name } = await firstVisitWithGlobal();
      const second = memoryStore(stored);
      const visit2 = createReplayingStyleCache({ build: 'build-a', store: second.store });
      await visit2.whenReady();
      const view = renderGlobal(visit2.cache, 3);
      view.rerender(globalOf(visit2.cache, 5));
      expect(globalCss().join('')).toContain('margin:5px');
      expect(globalCss().join('')).not.toContain('margin:3px');
      runIdle();
      const written = onlyWrite(second.writes);
      expect(written.globals[name]).toBe(stored.globals[name]);
      const added = Object.entries(written.globals).filter(([other]) => other !== name);
      expect(added).toHaveLength(1);
      expect(added[0]![1]).toContain('margin:5px');
    });
  });
});
