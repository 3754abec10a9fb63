// Inter as one variable font (weights 100–900) per script subset; a browser downloads only the
// subsets the page's text needs, and the service worker precaches the latin one (vite.config.ts).
import '@fontsource-variable/inter/wght.css';
// Inter's metrics on the system's Arial until Inter arrives: no shift on the swap (issue #13).
import '@/theme/font-fallback.css';
// Transitions end at once for those who ask for less motion (WCAG 2.3.3).
import '@/theme/reduced-motion.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { wireSession } from '@/app/session-wiring';
import { initSession } from '@/lib/session/session-store';
import { installChunkReload } from '@/lib/chunk-reload';
import { loadDateFormatData } from '@/lib/date-format-data';
import { registerServiceWorker } from '@/lib/service-worker';
import { whenLoadedAndIdle } from '@/lib/when-idle';
import { yieldToMain } from '@/lib/yield-to-main';
import { readStorage } from '@/lib/token-storage';
import { createReplayingStyleCache } from '@/theme/style-replay';

// A stored token starts init at once; the route guard waits for it (seed §2, §4).
const signedIn = Boolean(readStorage('accessToken'));
// The browser's date-formatting data loads on a worker thread (issue #13,
// docs/decisions/045-date-format-data-on-a-worker.md). Every signed-in screen formats dates, so a
// signed-in load starts it first, to run while the router and the session start, and its first
// render waits for it. Signed out, the sign-in form and the answer page format none: it starts
// once the page has loaded, ready for what comes next.
const dateFormatData = signedIn ? loadDateFormatData() : undefined;
if (!signedIn) whenLoadedAndIdle(() => void loadDateFormatData());

installChunkReload();

// The style rules of earlier visits of this build, replayed instead of compiled and inserted one by
// one in the first commits (issue #13, docs/decisions/044-emotion-styles-replayed.md). The entry
// chunk's URL is hashed, so it names the build. Production only: in development styles change in place.
const styles = import.meta.env.PROD ? createReplayingStyleCache({ build: import.meta.url }) : undefined;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

/**
 * Starts the router, then the session, each in a task of its own after the one that evaluated the
 * app's modules (issue #13, docs/decisions/046-start-in-three-tasks.md): at Lighthouse's 4× slowdown
 * the module graph takes 140–240 ms, the router 43–83 and the session's start 20–90 more, which one
 * task held the page for.
 *
 * The first render is a transition: React renders the shell in slices of a few milliseconds and
 * lets the browser paint and take input between them, instead of one long task (issue #13,
 * docs/decisions/027-boot-in-slices.md). It waits for the stored styles (a local read, while the
 * session's requests are under way; a second at most from here, however long the start took), which
 * must be in place before the first rule is inserted. A signed-in load also waits for the
 * date-formatting data (250 ms at most).
 */
async function start(): Promise<void> {
  await yieldToMain();
  const router = createAppRouter();
  wireSession(router);
  await yieldToMain();
  if (signedIn) void initSession();
  await Promise.all([styles?.whenReady(), dateFormatData]);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider styleCache={styles?.cache}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
}

void start();
// The worker (and its precache of every chunk) waits until the page has loaded and gone idle.
whenLoadedAndIdle(() => void registerServiceWorker());
