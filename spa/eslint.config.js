import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import zones in the spirit of bulletproof-react: code flows one way, shared → features → app.
//   src/components, src/lib, src/types   shared: import nothing from features or app
//   src/features/<feature>              imports shared code and itself, never another feature or app
//   src/app                             composes features into routes, layouts and providers
// src/testing (test support) and src/main.tsx (the entry) may import anything.
const root = fileURLToPath(new URL('.', import.meta.url));
const src = `${root}src`;
const features = readdirSync(`${src}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const shared = ['./src/components', './src/lib', './src/types'];

const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import one another: move what both need to src/components or src/lib, or compose them in src/app.',
  })),
  {
    target: ['./src/features', ...shared],
    from: './src/app',
    message: 'Only src/app (and main.tsx) import from src/app.',
  },
  {
    target: shared,
    from: './src/features',
    message: 'Shared code (components, lib, types) does not import features.',
  },
];

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'src/types/api.gen.ts']),

  js.configs.recommended,

  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    plugins: { 'import-x': importX },
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: false },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
      // One way to name a module: the @/ alias (STYLE.md), so zones and moves read alike.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['./*', '../*'], message: 'Import through the @/ alias, not a relative path.' }] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

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
