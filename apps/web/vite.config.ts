import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Vite config of the web app: `@/` → `src/`, `/api` proxied to the API in development, a build
 * manifest (bench/bundle-size.mjs reads it) and a service worker (seed §2: reload once a new
 * version is installed). The worker is registered from code (src/lib/service-worker.ts): the
 * server's CSP (script-src 'self') forbids inline scripts, so injectRegister is off.
 */
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Tandem',
        short_name: 'Tandem',
        description: 'The shared workspace of an executive and their assistants.',
        theme_color: '#2454D6',
        background_color: '#F6F7F9',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/healthz$/, /^\/readyz$/],
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // Analytics loads only when configured; never precache it.
        globIgnores: ['**/module.no-external-*.js'],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
});
