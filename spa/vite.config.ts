/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` serves the SPA with hot reload and sends /api and /config.json to a running local
// cloud (`go run ./infra/local`, http://localhost:8080 unless VERDE_LOCAL_URL says otherwise).
const localCloud = process.env.VERDE_LOCAL_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
    // scripts/check-size.mjs reads the manifest to find what /login loads.
    manifest: true,
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
