import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
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
