/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// eslint-disable-next-line no-restricted-imports -- the build's own table, outside src/ (no @/ alias reaches it)
import { landingRoutes } from './scripts/landing-routes.mjs';

// Writes a .gz and a .br next to every emitted script and stylesheet of 1 kB or more, at the
// strongest levels (compressed once, served many times): the local cloud sends them with
// Content-Encoding to a browser that accepts it. In AWS CloudFront compresses by itself and
// tools/deploy_spa.py leaves these copies out of the upload.
function precompress(): Plugin {
  return {
    name: 'verde-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const source = item.type === 'chunk' ? Buffer.from(item.code) : Buffer.from(item.source);
        if (source.length < 1000) continue;
        const path = join(dir, fileName);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

// `npm run dev` serves the SPA with hot reload and sends /api and /config.json to a running local
// cloud (`go run ./infra/local`, http://localhost:8080 unless VERDE_LOCAL_URL says otherwise).
const localCloud = process.env.VERDE_LOCAL_URL ?? 'http://localhost:8080';

// The landing routes whose chunks the browser should fetch alongside the entry instead of after
// it has run (the router asks for a route's chunk only then): scripts/landing-routes.mjs, which
// says what each field means; the size check reads the same table.

// Writes assets/route-preload-<hash>.js, a small classic script index.html loads (async, so
// nothing waits for it; a file, as the CSP allows no inline script) that adds modulepreload links
// for the landing route's chunks and their static imports. Without it a phone fetches the entry,
// runs it, and only then asks for the route: one more round trip before the first paint.
function routePreload(): Plugin {
  return {
    name: 'verde-route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const inEntry = closure([entry.fileName]);
      const root = fileURLToPath(new URL('.', import.meta.url));
      // The chunk of a module: its own (a dynamic import's), or the group's it was put in.
      const fileOf = (m: string) => {
        const chunk = byModule.get(join(root, m)) ?? chunks.find((c) => c.moduleIds.includes(join(root, m)));
        if (!chunk) throw new Error(`route preload: no chunk for ${m}`);
        return chunk.fileName;
      };
      const table = landingRoutes.map((route) => {
        const js = [...closure(route.modules.map(fileOf))].filter((f) => !inEntry.has(f));
        // The stylesheets those chunks bring: Vite's loader waits for them before the route renders.
        const css = [...new Set(js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        const later = [...closure(route.later.map(fileOf))].filter((f) => !inEntry.has(f) && !js.includes(f));
        const cssOf = (files: string[]) => [...new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        const sheets = cssOf([...closure(route.sheetsOf.map(fileOf))].filter((f) => !inEntry.has(f))).filter((f) => !css.includes(f));
        return { path: route.path, session: route.session, files: js, styles: css, sheets, later, reads: route.reads };
      });
      // Starts the landing route's `reads` (with a session whose access token has more than a
      // minute left, never offline: there a failed read would show its error over the copy kept on
      // the device, lib/offline/persist.ts; each read's failure is caught here, as the app may take
      // it later or never; and only if the app has not started yet: an async script can run after the
      // entry when both come from the cache, and the app would have asked already:
      // window.__verdeEarly, lib/api-client.ts; window.__verdePreload says which happened): the
      // first three at once, each of the others in a task of its own (a fetch() costs a phone's
      // main thread ~10 ms: nine at once were a 110 ms task), each already promised to the app;
      // adds its preloads at once, applies its `sheetsOf` stylesheets in the next task (adding a
      // stylesheet costs a phone ~6 ms; Vite's loader then finds them in the page and does not add
      // them again), and its `later` prefetches when the page
      // has loaded and the browser is idle (after 2 s where requestIdleCallback is missing: Safari).
      const source = `(function(){try{var r=${JSON.stringify(table)},p=location.pathname,c=document.getElementById('verde-config'),g=c&&c.textContent?JSON.parse(c.textContent):{},id=g.userPoolClientId||'',s=false,i,k,h=document.head;function a(rel,f,as){var l=document.createElement('link');l.rel=rel;l.crossOrigin='';l.href='/'+f;if(as)l.as=as;h.appendChild(l)}if(id)for(i=0;i<localStorage.length;i++){k=localStorage.key(i)||'';if(k.indexOf('CognitoIdentityServiceProvider.'+id+'.')===0){s=true;break}}for(i=0;i<r.length;i++){if(!new RegExp(r[i].path).test(p))continue;if(r[i].session&&!s)break;if(r[i].reads.length&&!window.__verdeAppStarted&&navigator.onLine!==false){var q='CognitoIdentityServiceProvider.'+id+'.',u=localStorage.getItem(q+'LastAuthUser'),t=u&&localStorage.getItem(q+u+'.accessToken'),e=0;try{e=t?JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/'))).exp*1000:0}catch(x){}if(e>Date.now()+60000){var E={at:Date.now(),reads:{}};r[i].reads.forEach(function(f,j){var go=function(){return fetch(g.apiBase+f,{headers:{Accept:'application/json',Authorization:'Bearer '+t}})};var P=j<3?go():new Promise(function(ok){setTimeout(function(){ok(go())},0)});P.catch(function(){});E.reads[f]=P});window.__verdeEarly=E}}window.__verdePreload=window.__verdeAppStarted?'late':'early';r[i].files.forEach(function(f){a('modulepreload',f)});r[i].styles.forEach(function(f){a('preload',f,'style')});var S=r[i].sheets;if(S.length)setTimeout(function(){S.forEach(function(f){a('stylesheet',f)})},0);var n=r[i].later,w=function(){(window.requestIdleCallback||function(f){setTimeout(f,2000)})(function(){n.forEach(function(f){a('prefetch',f,'script')})})};if(n.length){if(document.readyState==='complete')w();else addEventListener('load',w)}break}}catch(e){}})();\n`;
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      const src = `/${this.getFileName(ref)}`;
      const page = String(html.source);
      const tag = `<script async src="${src}"></script>`;
      const marker = '<script type="module"';
      if (!page.includes(marker)) throw new Error('route preload: no module script in index.html');
      html.source = page.replace(marker, `${tag}\n    ${marker}`);
    },
  };
}

// The installable app (vite-plugin-pwa, Workbox's generateSW): the web manifest and dist/sw.js,
// which precaches the shell and every route's chunk and stylesheet (not the .gz/.br copies, nor
// the link-preview image) and caches at run time:
// - pages: every navigation under one key, network first (3 s on a weak signal), so any address
//   opens offline with the last index.html the server sent (the site's configuration is written
//   into it when it is served, so the build's own copy is not enough);
// - the catalogue (/api/public/*: the same reply for everyone): stale while revalidate;
// - photos (/media/*, and the uploads bucket's URLs locally): cache first, 300 of them for 30 days.
// The app registers the worker after the page has loaded (lib/pwa/boot.tsx), never on the way
// to the first paint, and asks before a new version takes over (registerType 'prompt').
function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    manifest: {
      id: '/',
      name: 'Verde: hortas comunitárias',
      short_name: 'Verde',
      description: 'Cultive junto: diário dos cultivos, colheitas e grupos de hortas comunitárias.',
      lang: 'pt-BR',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#2f7d32',
      background_color: '#f5f8f4',
      categories: ['lifestyle', 'social'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,svg}', 'icons/*.png'],
      globIgnores: ['**/route-preload-*.js', 'sw.js', 'workbox-*.js'],
      // The admin area's chunks are a few hundred kB members never open: fetched when needed.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'verde-paginas',
            networkTimeoutSeconds: 3,
            plugins: [{ cacheKeyWillBeUsed: async () => '/index.html' }],
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/public/'),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'verde-catalogo',
            expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, request }) => request.destination === 'image' && (url.pathname.startsWith('/media/') || url.pathname.includes('/fotos/')),
          handler: 'CacheFirst',
          options: {
            cacheName: 'verde-fotos',
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [0, 200] },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), precompress(), routePreload(), pwa()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': localCloud,
      '/config.json': localCloud,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/check-size.mjs reads the manifest to find what /login and /dashboard load.
    manifest: true,
    // Every browser the SPA targets preloads modules itself.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // @aws-crypto's hash modules run nothing on import, but their package does not say so,
      // so Amplify's bare `import '@aws-crypto/sha256-js'` kept them (and tslib) in every page.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/node_modules/@aws-crypto/') },
      // Everything the entry imports statically (React, the router, the query client, the API
      // client, the config) in the entry chunk itself. Left alone, Rolldown cut the modules that
      // lazy routes import too into five more chunks every page loads anyway (jsx-runtime, a
      // second half of @tanstack/query-core with the API client, config, redirect-result,
      // preload-helper): more requests, and about 2.4 kB more gzip than the one chunk.
      //
      // Then the UI kit's smallest pieces, which Rolldown otherwise ships one file each (a request,
      // a gzip header and an import list apiece, for 0.2-0.4 kB of code): `ui`, what nearly every
      // signed-in screen and the public group pages draw with (page header, empty state, date and
      // plural formats, the flash notice, the avatar), and `icons`, the icon set and the logo that
      // both the sign-in screens and the signed-in shell show. Nothing else belongs in these two:
      // whatever is in them, /login or every signed-in page downloads.
      //
      // The dashboard's reads (`queries`) likewise.
      //
      // And the admin area (guard, layout, its ten screens of 0.3-0.6 kB) as one chunk, fetched
      // together when an admin opens it: a dozen fewer entries in the entry's table of
      // dynamic-import dependencies. Only those modules (not their dependencies, which stay
      // where the other screens share them).
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'ui', test: /src[\\/](components[\\/]ui[\\/](page-header|empty-state|flash|avatar|query-states)\.tsx|lib[\\/](format|errors)\.ts)$/ },
            { name: 'icons', test: /src[\\/]components[\\/]ui[\\/](icons|logo)\.tsx$/ },
            // The dashboard's reads (each feature's api/queries.ts), which the dashboard starts with
            // its chunk: one small file with the API path helper, not one request each.
            { name: 'queries', test: /src[\\/](features[\\/][^\\/]+[\\/]api[\\/]queries\.ts|lib[\\/]api-path\.ts)$/ },
            // What the dashboard's cards share with the other screens, the public group pages
            // among them: in a chunk of its own, so that none of those loads the cards' code.
            // Not react-query's (de)hydration: only the offline cache (lib/offline/persist.ts),
            // loaded after the page, uses it.
            { name: 'common', test: /src[\\/](lib[\\/](cursor-list|idempotency)\.ts|components[\\/]ui[\\/]dialog\.tsx|features[\\/]groups[\\/]labels\.ts)$|node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/](?!.*hydration)/ },
            // The dashboard's seven cards and the parts only they and a screen or two use: one file
            // instead of a dozen, each a request whose handling costs the main thread. Only these
            // modules: their stylesheets and the feature code other screens share stay apart, so
            // a public group page never loads the cards.
            {
              name: 'dashboard-cards',
              test: /src[\\/]features[\\/]([^\\/]+[\\/](components[\\/](level-card|dashboard-[a-z]+|banner-card|no-groups|papel-tag)\.tsx|levels\.ts)|rankings[\\/]format\.ts|profile[\\/]api[\\/]progress\.ts|banners[\\/]api[\\/]banners\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // The installable app and the offline cache and queue (lib/pwa/boot.tsx, loaded after the
            // page; lib/offline/create-or-queue.ts, imported by the creates a member makes in the
            // garden when they run): one file, so the modules that import it list one name, not six,
            // and /dashboard's cards carry only that import.
            {
              name: 'offline',
              test: /src[\\/]lib[\\/](offline[\\/](persist|queue|hooks|create-or-queue)\.ts|pwa[\\/](boot\.tsx|install\.ts))$|node_modules[\\/](idb-keyval|workbox-window)[\\/]|query-core[\\/].*hydration|pwa-register/,
              includeDependenciesRecursively: false,
            },
            { name: 'admin', test: /src[\\/]app[\\/](routes[\\/]admin[\\/]|layouts[\\/]admin-layout\.tsx|guards[\\/]require-admin\.tsx)/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Components' stylesheets stay empty in tests; src/styles/css-imports.test.ts reads them raw.
    css: { include: [/\.css\?raw$/] },
    restoreMocks: true,
    // One worker and a half per core: a third of a worker's time is spent waiting (timers,
    // waitFor), and two workers on two cores left the CPU 40 % idle in CI.
    maxWorkers: '150%',
    // A test's own ceiling, above the waits it makes (src/testing/setup-tests.ts): vitest's 5 s
    // default failed tests with three lazy screens in a row on a loaded machine.
    testTimeout: 60_000,
  },
});
