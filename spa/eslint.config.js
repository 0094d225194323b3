import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import zones in the spirit of bulletproof-react: code flows one way, shared → features → app.
//   src/components, src/lib, src/types   shared: import nothing from features or app
//   src/features/<feature>              imports shared code and itself, never another feature or app
//   src/app                             composes features into routes, layouts and providers
// src/testing (test support) and src/main.tsx (the entry) may import anything.
const root = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(`${root}src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Every import goes through the @/ alias (a relative path is refused below), so the zones are
// import patterns that ESLint's own no-restricted-imports checks, with no resolver plugin.
const relative = { group: ['./*', '../*'], message: 'Import through the @/ alias, not a relative path.' };
const fromApp = { group: ['@/app', '@/app/*'], message: 'Only src/app (and main.tsx) import from src/app.' };
const restrict = (...patterns) => ['error', { patterns }];

const zones = [
  {
    files: ['src/components/**', 'src/lib/**', 'src/types/**'],
    rules: {
      'no-restricted-imports': restrict(relative, fromApp, {
        group: ['@/features', '@/features/*'],
        message: 'Shared code (components, lib, types) does not import features.',
      }),
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': restrict(relative, fromApp, {
        group: ['@/features/*', `!@/features/${feature}`],
        message: 'Features do not import one another: move what both need to src/components or src/lib, or compose them in src/app.',
      }),
    },
  })),
];

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'src/types/api.gen.ts']),

  js.configs.recommended,

  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: false },
    },
    rules: {
      // One way to name a module: the @/ alias, so zones and moves read alike.
      'no-restricted-imports': restrict(relative),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  ...zones,

  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Code that e2e journeys run inside the browser page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
