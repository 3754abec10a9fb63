import createCache, { type EmotionCache } from '@emotion/cache';
import { whenIdle } from '@/lib/when-idle';

/** The Cache Storage cache that holds the styles of the last visits (not local storage: seed §3 names its keys). */
export const STYLE_CACHE_NAME = 'tandem-styles';
/** The key of the one entry in {@link STYLE_CACHE_NAME}; never fetched from the network. */
export const STYLE_ENTRY_URL = '/__tandem/emotion-styles.json';
/** Beyond this many characters of CSS nothing is stored (every page of the app together is far less). */
export const MAX_STORED_CSS_CHARS = 1_000_000;
/**
 * Longest wait for the stored styles once the app is otherwise ready to render, ms: counted from
 * {@link ReplayingStyleCache.whenReady}'s call, not from the cache's creation. A read takes a few ms
 * on an idle device; on a busy one each of its answers waits for the browser's storage and for a
 * turn of the main thread (answered 70–590 ms into a load on a loaded 2-core host, decision 044). Only a storage
 * that never answers reaches the bound.
 */
export const STYLE_READ_BOUND_MS = 1000;

/**
 * What one visit stores: the build it came from, Emotion's class names and their CSS rules, and the
 * rules of each global style (`<GlobalStyles>`, `CssBaseline`, each input's autofill keyframes).
 */
export interface StoredStyles {
  /** The entry chunk's URL: hashed, so it changes with every build whose code changed. */
  build: string;
  /** Emotion's names (`css-1x2y3z`, `animation-…`) whose rules are in `css`. */
  ids: string[];
  css: string;
  /** A global style's rules by its Emotion name (a hash of its styles, as a class name is). */
  globals: Record<string, string>;
}

/** Where stored styles are kept; Cache Storage in the browser, a stand-in in tests. */
export interface StyleStore {
  read(): Promise<unknown>;
  write(styles: StoredStyles): Promise<void>;
}

/** The browser's Cache Storage, or null where there is none (an insecure origin, tests). */
export function cacheStorageStyleStore(): StyleStore | null {
  if (typeof caches === 'undefined') return null;
  // Opened on the first write, for it and every write after it.
  let opened: Promise<Cache> | undefined;
  return {
    async read() {
      // One call, not `open()` then `match()`: each answer waits for a turn of the main thread,
      // which the start keeps busy (decision 044).
      const response = await caches.match(STYLE_ENTRY_URL, { cacheName: STYLE_CACHE_NAME });
      return response ? response.json() : null;
    },
    async write(styles) {
      const body = JSON.stringify(styles);
      opened ??= caches.open(STYLE_CACHE_NAME);
      await (await opened).put(STYLE_ENTRY_URL, new Response(body, { headers: { 'content-type': 'application/json' } }));
    },
  };
}

function isStoredStyles(value: unknown): value is StoredStyles {
  if (typeof value !== 'object' || value === null) return false;
  const { build, ids, css, globals } = value as Record<string, unknown>;
  return (
    typeof build === 'string' &&
    typeof css === 'string' &&
    Array.isArray(ids) &&
    ids.every((id) => typeof id === 'string' && /^[\w-]+$/.test(id)) &&
    typeof globals === 'object' &&
    globals !== null &&
    Object.entries(globals).every(([name, rules]) => /^[\w-]+$/.test(name) && typeof rules === 'string')
  );
}

/** Options of {@link createReplayingStyleCache}. */
export interface ReplayingStyleCacheOptions {
  /** Identifies the build (main.tsx passes its own chunk's URL); styles of another build are not replayed. */
  build: string;
  /** Default: Cache Storage; none (null) makes this a plain Emotion cache. */
  store?: StyleStore | null;
}

/** The cache of {@link createReplayingStyleCache} and the moment its stored styles are in place. */
export interface ReplayingStyleCache {
  cache: EmotionCache;
  /**
   * Settles once the stored styles are replayed, found missing, of another build or unreadable, or
   * {@link STYLE_READ_BOUND_MS} after this call at the latest; never rejects. Call it when the app
   * is ready to render but for the styles: a read that outlasts a slow start (a busy phone) is
   * still waited for then, instead of the bound running out while the start itself was running.
   */
  whenReady(): Promise<void>;
}

/**
 * The app's Emotion cache, which replays the style rules of earlier visits of the same build
 * (issue #13, docs/decisions/044-emotion-styles-replayed.md). MUI's components compile their styles
 * with stylis and insert them rule by rule the first time they render: on a phone, most of the
 * first commit of a signed-in page. This cache reads the rules the last visits inserted, with their
 * class names, from Cache Storage and hands them to Emotion as it takes server-rendered styles: one
 * `<style data-emotion="css name1 name2 …">` element, whose names Emotion then never compiles or
 * inserts again. A class name is a hash of its styles, so a stored rule is the rule the component
 * would insert. Render after `whenReady()`: a rule inserted before the replay would sit before the
 * replayed ones, out of the order the visits inserted them in, so once a rule is in, nothing is
 * replayed. New rules are stored at the next idle moment after them ({@link whenIdle}: once the
 * render and commit that inserted them are done), and when the page is hidden.
 *
 * Global styles too: Emotion's `<Global>` compiles its styles on every mount into a sheet of its
 * own, outside the names above. Their rules are stored by the style's name, and a later mount of a
 * style of that name gets them as one element in its sheet instead of compiling them.
 */
export function createReplayingStyleCache({ build, store = cacheStorageStyleStore() }: ReplayingStyleCacheOptions): ReplayingStyleCache {
  const cache = createCache({ key: 'css' });
  if (!store) return { cache, whenReady: () => Promise.resolve() };

  let replayedCss = '';
  const insertedRules: string[] = [];
  // Global styles' rules by name: replayed ones, then those compiled on this visit.
  const globals = new Map<string, string>();
  // From the first rule inserted after a save until the next save: there are rules to store.
  let hasUnsavedRules = false;

  const save = () => {
    if (!hasUnsavedRules) return;
    hasUnsavedRules = false;
    const css = replayedCss + insertedRules.join('');
    const globalChars = [...globals.values()].reduce((sum, rules) => sum + rules.length, 0);
    if (css.length + globalChars > MAX_STORED_CSS_CHARS) return;
    const ids = Object.keys(cache.inserted).filter((id) => cache.inserted[id] === true);
    store.write({ build, ids, css, globals: Object.fromEntries(globals) }).catch(() => undefined);
  };
  const markUnsaved = () => {
    if (hasUnsavedRules) return;
    hasUnsavedRules = true;
    whenIdle(save);
  };

  const sheetInsert = cache.sheet.insert.bind(cache.sheet);
  cache.sheet.insert = (rule: string) => {
    sheetInsert(rule);
    insertedRules.push(rule);
    markUnsaved();
  };

  // `<Global>` inserts its styles with `cache.insert('', styles, itsOwnSheet, false)`; every other
  // insert goes to the cache's sheet.
  const cacheInsert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (selector !== '' || sheet === cache.sheet) return cacheInsert(selector, serialized, sheet, shouldCache);
    const stored = globals.get(serialized.name);
    if (stored !== undefined) {
      // As Emotion takes a server-rendered global style: the element joins the sheet, which
      // removes it when the style changes or unmounts. Marked as the sheet's own elements are, not
      // with the style's name, which another mount of the same style would take as its own.
      const element = document.createElement('style');
      element.setAttribute('data-emotion', sheet.key);
      if (sheet.nonce) element.setAttribute('nonce', sheet.nonce);
      element.textContent = stored;
      sheet.hydrate([element]);
      return;
    }
    const rules: string[] = [];
    const globalInsert = sheet.insert;
    sheet.insert = (rule: string) => {
      rules.push(rule);
      globalInsert.call(sheet, rule);
    };
    try {
      cacheInsert(selector, serialized, sheet, shouldCache);
    } finally {
      sheet.insert = globalInsert;
    }
    globals.set(serialized.name, rules.join(''));
    markUnsaved();
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });

  const replayed = store
    .read()
    .catch(() => null)
    .then((stored) => {
      if (!isStoredStyles(stored) || stored.build !== build || insertedRules.length > 0) return;
      const element = document.createElement('style');
      element.setAttribute('data-emotion', [cache.key, ...stored.ids].join(' '));
      element.textContent = stored.css;
      cache.sheet.hydrate([element]);
      for (const id of stored.ids) cache.inserted[id] = true;
      replayedCss = stored.css;
      for (const [name, rules] of Object.entries(stored.globals)) if (!globals.has(name)) globals.set(name, rules);
    });
  // A read that hangs (a broken storage) must not keep the app from rendering.
  const whenReady = () => Promise.race([replayed, new Promise<void>((resolve) => setTimeout(resolve, STYLE_READ_BOUND_MS))]);
  return { cache, whenReady };
}
