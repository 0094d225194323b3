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

export default defineConfig({
  plugins: [react(), precompress()],
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
