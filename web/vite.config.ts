import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress.ts';

// The sync-server serves this build (web/dist) next to /api and /sync on one port; in `vite dev`
// those are proxied to it so the app behaves the same.
const server = process.env.PLOD_SERVER ?? 'http://localhost:8787';

// The chunks the entry imports statically, from the build's own HTML (see modulePreload below).
let entryChunks: ReadonlySet<string> | null = null;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // A new version waits for the person's Reload (UpdatePrompt), never reloads a screen by itself.
      registerType: 'prompt',
      // main.tsx registers the worker itself so it can tell the crew when the app is ready offline.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Plod',
        short_name: 'Plod',
        description: 'Shift drill reports (plods) for diamond drill crews. Works with no signal.',
        theme_color: '#e8590c',
        background_color: '#f8f9fa',
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/maskable-icon-512x512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // Every route chunk is precached, so a cold start with no network can open any screen.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        // The relay, the REST API and the static install page are real server paths, never the SPA.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/sync(\/|$)/, /^\/DOWNLOAD-APK\.html$/],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // The worker is one file, with no imported workbox script: after a first install whose
        // sw.js fetch failed and was retried, Chromium started the worker by fetching its imported
        // script again, and a start with no network then failed (about 3 runs in 10).
        inlineWorkboxRuntime: true,
      },
    }),
    // Brotli and gzip copies of the text files, made once here and chosen by the server per request.
    precompress(),
  ],
  server: {
    proxy: {
      '/api': server,
      '/sync': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
  // The manifest lets scripts/first-route-size.mjs add up what the first route loads. Source maps
  // are written for whoever debugs a build, but not linked from the bundles (the server never
  // serves them).
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    modulePreload: {
      // Each lazy import carries the list of chunks to fetch beside it. The chunks the entry imports
      // statically are always loaded before any lazy import runs, so they are left out of those
      // lists: the same fetches, with shorter lists in the entry and in every chunk that imports
      // lazily (0.6 KB gzipped less for the reports list). Vite resolves the HTML's list first.
      resolveDependencies(filename, deps, { hostType }) {
        if (hostType === 'html') {
          entryChunks = new Set([filename, ...deps]);
          return deps;
        }
        if (entryChunks === null)
          throw new Error('modulePreload: the entry chunks are not known yet');
        const loaded = entryChunks;
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
  },
});
