// Inter as one variable font (weights 100–900) per script subset; a browser downloads only the
// subsets the page's text needs, and the service worker precaches the latin one (vite.config.ts).
import '@fontsource-variable/inter/wght.css';
// Inter's metrics on the system's Arial until Inter arrives: no shift on the swap (issue #13).
import '@/theme/font-fallback.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { wireSession } from '@/app/session-wiring';
import { initSession } from '@/lib/session/session-store';
import { installChunkReload } from '@/lib/chunk-reload';
import { registerServiceWorker } from '@/lib/service-worker';
import { readStorage } from '@/lib/token-storage';

installChunkReload();
const router = createAppRouter();
wireSession(router);
// A stored token starts init at once; the route guard waits for it (seed §2, §4).
if (readStorage('accessToken')) void initSession();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
void registerServiceWorker();
