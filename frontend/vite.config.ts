/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Rust server (`samiti serve`) listens here during development; Vite proxies every
// server path to it so the app always talks to its own origin.
const backend = process.env.SAMITI_BACKEND ?? 'http://127.0.0.1:8081';
// Regular expressions (Vite treats keys starting with ^ as such): /magazines and /career are
// also client routes, so only their sub-paths (the image files) go to the server.
/** Pages are prerendered on this day (src/lib/useToday.ts); scripts/build.mjs sets it once for both builds. */
const buildDay = process.env.SAMITI_BUILD_DAY ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** Chunks the entry imports statically (the groups below), loaded before any lazy chunk. */
const alwaysLoaded = new Set(['rolldown-runtime', 'react', 'i18n', 'core']);

const proxied = ['^/api/', '^/notifications', '^/uploads/', '^/magazines/', '^/career/', '^/swagger-ui', '^/api-docs/'];

export default defineConfig({
  plugins: [react()],
  define: { BUILD_DAY: JSON.stringify(buildDay) },
  resolve: {
    alias: [
      { find: '@bindings', replacement: fileURLToPath(new URL('../bindings', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/lib/useSyncExternalStore.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
      '^/ws$': { target: backend, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // Browsers without <link rel="modulepreload"> (Safari before 17) load the same modules one
      // after the other instead; the polyfill would cost every first screen its bytes.
      polyfill: false,
      // A lazy import preloads only its styles (which must be there before it draws); its code's
      // own imports are fetched as the browser reads it. The entry carries every lazy import's
      // list, and naming each chunk there cost the first screen almost 1 KiB of its 125 KiB
      // budget (docs/ARCHITECTURE.md); the page's deferred parts load the common chunks early.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        // Lazy chunks' styles, which the entry lists, and their code are named by their hash
        // alone: each name's letters cost the first screen bytes. The chunks loaded first keep
        // their names (`alwaysLoaded`).
        chunkFileNames: (chunk) => (alwaysLoaded.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'assets/[hash][extname]' : 'assets/[name]-[hash][extname]'),
        // React and the router change rarely: keep them in their own long-cached chunk. Every
        // page other than the home page is a lazy route chunk (src/app/router.tsx).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|i18next-[a-z-]+)[\\/]/, priority: 10 },
            // The site shell's small shared modules, one chunk rather than five: every lazy chunk
            // imports them, and each file more costs the first screen a request and its name in
            // every lazy import's list of dependencies.
            { name: 'core', test: /[\\/]src[\\/](config[\\/](paths|site)|lib[\\/](text|useLanguage|useHydrated))\.tsx?$/, priority: 5 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A hang detector, not a speed check: the long forms' tests take seconds in jsdom on a busy
    // two-core machine (speed is measured by the benchmarks, never by tests).
    testTimeout: 15_000,
  },
});
