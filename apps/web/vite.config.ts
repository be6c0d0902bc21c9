import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: {
    // Offline answers kept by one build are not read by the next (lib/offline/offline-storage.ts): a
    // screen of a newer build could trip over an answer of an older shape.
    __ADURO_BUILD__: JSON.stringify(new Date().toISOString()),
  },
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset, made once at build time at the highest settings; the
    // server picks the one the browser accepts (plugins/web.ts), so phones on mobile data load a third.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // The service worker keeps the app shell so a second visit starts without the network. It never
    // caches /api: the offline reads are the app's own persisted query cache, labelled with when they
    // were fetched (lib/offline, docs/decisions/0012-offline-reads.md).
    VitePWA({
      // A new version waits for the user's Reload (lib/offline/register-service-worker.ts) rather than
      // reloading the page itself, which could throw away a half-filled order.
      registerType: 'prompt',
      injectRegister: null,
      manifest: {
        name: 'Aduro',
        short_name: 'Aduro',
        description:
          'Aduro: the B2B marketplace where pharmacies in Ghana buy medicines from trusted suppliers.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#047857',
        background_color: '#f8fafc',
        lang: 'en-GH',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The icons are in the precache through globPatterns already.
      includeManifestIcons: false,
      workbox: {
        // The real files only: the .br and .gz copies are the server's business (plugins/web.ts). The
        // camera's barcode reader (a megabyte of WebAssembly) is fetched when a camera is used.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['**/*.br', '**/*.gz', '**/*.map', '**/zxing_reader-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // The first visit is controlled at once, so it is ready for offline without a second load.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    port: 5173,
    // Same-origin /api in development too, so the CSP (connect-src 'self') and cookies behave as in production.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod and its configuration (lib/zod-config.ts, jitless) in one chunk, so the setting is in
            // place before any chunk builds a schema: zod probes `new Function` when it builds an object
            // schema, and the CSP reports that probe as a violation on every page load (e2e/csp.spec.ts).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole-app renders load the lazy routes on first use; on a shared 2-core machine running the API
    // suites beside them that can pass 5 s. Limits are for hangs, not speed (speed is benched): each wait
    // may take testing-library's asyncUtilTimeout (10 s, test/setup.ts), and a test makes a few.
    testTimeout: 30_000,
  },
});
