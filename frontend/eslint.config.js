// The client's lint: TypeScript's recommended rules, the rules of hooks, and the direction of
// imports between the layers of src/ (docs/ARCHITECTURE.md):
//
//   app/ (and main.tsx, entry-server.tsx)  assembles the routes: may import anything below it
//   engine/                                finishes the pages from the content (entry-server): above app/
//   features/<f>/                          one folder per feature: never another feature, never app/
//   components/ lib/ config/ styles/       shared code: never a feature, never app/
//   test/                                  shared test helpers: never a feature, never app/
//
// and no import circle anywhere (import-x/no-cycle).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['./src/components', './src/lib', './src/config', './src/styles', './src/test'];

const layerZones = [
  // A feature is used only by the app's route table: it never reaches into another feature.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need into components/, lib/ or config/.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'A feature does not import app/: the app assembles features, not the other way round.',
  },
  ...shared.map((target) => ({
    target,
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, lib, config, styles, test helpers) imports no feature and not app/: pass what it needs in.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'node_modules', 'test-results', 'playwright-report', 'src/lib/api-schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // no-cycle reads the imported files: it needs to know they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['./tsconfig.test.json', './tsconfig.node.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The sample site content (what a fresh install shows) is read only by the tests and the
    // build's prerender: the app shows the published content (src/lib/siteContent.tsx).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/features/*/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/site/sample.json', '@/test/*'], message: 'Only tests read the sample content and the test helpers: the app reads the published content with useSite().' }] },
      ],
    },
  },
  {
    // The name rules keep ZWNJ and ZWJ alone in a character class on purpose (Devanagari conjuncts).
    files: ['src/lib/validation.ts'],
    rules: { 'no-misleading-character-class': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
