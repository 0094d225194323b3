/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
// it has run (the router asks for a route's chunk only then). `session`: only when the browser
// holds a session (Amplify's keys of this app's client in localStorage), as the signed-in shell
// and Amplify are of no use to a signed-out visitor, who is sent to /login. `later`: what the
// visitor will probably want next (the sign-in actions, Amplify, the signed-in shell and the
// dashboard), fetched into the HTTP cache once the page has loaded and the browser is idle, and
// not run: running it would block the main thread of a phone that is drawing the form. `reads`:
// the API reads the route's first paint waits for, started at once with the stored access token
// of the session when it has more than a minute left (lib/api-client.ts takes each one once),
// so that they travel while the JavaScript downloads and runs instead of after it.
const afterSignIn = ['src/lib/auth/actions.ts', 'src/lib/auth/amplify.ts', 'src/app/layouts/main-layout.tsx', 'src/app/routes/app/dashboard.tsx'];
const dashboardCards = [
  'src/features/profile/components/level-card.tsx',
  'src/features/banners/components/dashboard-banners.tsx',
  'src/features/cultivos/components/dashboard-cards.tsx',
  'src/features/groups/components/dashboard-groups.tsx',
  'src/features/feed/components/dashboard-posts.tsx',
  'src/features/rankings/components/dashboard-standing.tsx',
  'src/features/profile/components/dashboard-conquistas.tsx',
  'src/features/mutiroes/components/dashboard-escala.tsx',
];
const landingRoutes = [
  { path: '^/login/?$', modules: ['src/app/routes/auth/login.tsx'], session: false, later: afterSignIn, sheetsOf: [] as string[], reads: [] as string[] },
  { path: '^/(registro|register)/?$', modules: ['src/app/routes/auth/register.tsx'], session: false, later: afterSignIn, sheetsOf: [] as string[], reads: [] as string[] },
  {
    path: '^/(dashboard/?)?$',
    modules: ['src/lib/auth/amplify.ts', 'src/app/layouts/main-layout.tsx', 'src/app/routes/app/dashboard.tsx'],
    session: true,
    later: [] as string[],
    // The dashboard's cards (app/routes/app/dashboard.tsx), whose code comes with the route: their
    // stylesheets are applied at once, while the page is a spinner, instead of one by one as the
    // cards arrive (each a style-and-layout task of the whole page, 60-80 ms on a phone).
    sheetsOf: dashboardCards,
    reads: [
      // The shell's (lib/auth/auth-provider.tsx, app/provider.tsx) and the dashboard's cards'
      // (app/routes/app/dashboard.tsx, each feature's api/queries.ts), exactly as the API client
      // asks for them: e2e/speed.test.mjs fails if one of them is asked for twice.
      '/me',
      '/notifications/unread-count',
      '/banners',
      '/rankings/membros?periodo=mes&limit=0',
      '/cultivos?ativos=true&limit=5',
      '/vegetables/plante-agora',
      '/me/groups?limit=5',
      '/me/progress',
      '/feed/grupos?limit=3',
    ],
  },
];

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
      // minute left, and only if the app has not started yet: an async script can run after the
      // entry when both come from the cache, and the app would have asked already:
      // window.__verdeEarly, lib/api-client.ts; window.__verdePreload says which happened): the
      // first three at once, each of the others in a task of its own (a fetch() costs a phone's
      // main thread ~10 ms: nine at once were a 110 ms task), each already promised to the app;
      // adds its preloads at once, applies its `sheetsOf` stylesheets in the next task (adding a
      // stylesheet costs a phone ~6 ms; Vite's loader then finds them in the page and does not add
      // them again), and its `later` prefetches when the page
      // has loaded and the browser is idle (after 2 s where requestIdleCallback is missing: Safari).
      const source = `(function(){try{var r=${JSON.stringify(table)},p=location.pathname,c=document.getElementById('verde-config'),g=c&&c.textContent?JSON.parse(c.textContent):{},id=g.userPoolClientId||'',s=false,i,k,h=document.head;function a(rel,f,as){var l=document.createElement('link');l.rel=rel;l.crossOrigin='';l.href='/'+f;if(as)l.as=as;h.appendChild(l)}if(id)for(i=0;i<localStorage.length;i++){k=localStorage.key(i)||'';if(k.indexOf('CognitoIdentityServiceProvider.'+id+'.')===0){s=true;break}}for(i=0;i<r.length;i++){if(!new RegExp(r[i].path).test(p))continue;if(r[i].session&&!s)break;if(r[i].reads.length&&!window.__verdeAppStarted){var q='CognitoIdentityServiceProvider.'+id+'.',u=localStorage.getItem(q+'LastAuthUser'),t=u&&localStorage.getItem(q+u+'.accessToken'),e=0;try{e=t?JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/'))).exp*1000:0}catch(x){}if(e>Date.now()+60000){var E={at:Date.now(),reads:{}};r[i].reads.forEach(function(f,j){var go=function(){return fetch(g.apiBase+f,{headers:{Accept:'application/json',Authorization:'Bearer '+t}})};E.reads[f]=j<3?go():new Promise(function(ok){setTimeout(function(){ok(go())},0)})});window.__verdeEarly=E}}window.__verdePreload=window.__verdeAppStarted?'late':'early';r[i].files.forEach(function(f){a('modulepreload',f)});r[i].styles.forEach(function(f){a('preload',f,'style')});var S=r[i].sheets;if(S.length)setTimeout(function(){S.forEach(function(f){a('stylesheet',f)})},0);var n=r[i].later,w=function(){(window.requestIdleCallback||function(f){setTimeout(f,2000)})(function(){n.forEach(function(f){a('prefetch',f,'script')})})};if(n.length){if(document.readyState==='complete')w();else addEventListener('load',w)}break}}catch(e){}})();\n`;
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

export default defineConfig({
  plugins: [react(), precompress(), routePreload()],
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
            { name: 'common', test: /src[\\/](lib[\\/](cursor-list|idempotency)\.ts|components[\\/]ui[\\/]dialog\.tsx|features[\\/]groups[\\/]labels\.ts)$|node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
            // The dashboard's seven cards and the parts only they and a screen or two use: one file
            // instead of a dozen, each a request whose handling costs the main thread. Only these
            // modules: their stylesheets and the feature code other screens share stay apart, so
            // a public group page never loads the cards.
            {
              name: 'dashboard-cards',
              test: /src[\\/]features[\\/]([^\\/]+[\\/](components[\\/](level-card|dashboard-[a-z]+|banner-card|no-groups|papel-tag)\.tsx|levels\.ts)|rankings[\\/]format\.ts|profile[\\/]api[\\/]progress\.ts|banners[\\/]api[\\/]banners\.ts)$/,
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
  },
});
