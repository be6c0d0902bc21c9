import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset, made once at build time at the highest settings; the
    // server picks the one the browser accepts (plugins/web.ts), so phones on mobile data load a third.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
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
