import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

/**
 * The renderer's house, top to bottom: a folder imports only folders on lower rows; folders on one
 * row do not import each other. Each row's one-line rule is the house plan (DESIGN.md, docs/architecture.md).
 */
const RENDERER_LAYERS = [
  [['app'], 'the shell and the route table (routes.tsx), theme, palette, shortcut help; nothing imports it'],
  [['areas'], 'route -> screen composition per area group; the lazily loaded screen chunks'],
  [['screens/home', 'screens/leads', 'screens/expenses', 'screens/profiles', 'screens/firstrun', 'screens/activity', 'screens/outbox'], 'screens of one job, built on the generic ones'],
  [['screens/list'], 'the generic table screen (its drawer shows a record)'],
  [['screens/detail'], 'the generic record screen and its write buttons'],
  [['screens/form'], 'the generic form screen and its inputs'],
  [['kit'], 'shared widgets'],
  [['keys'], 'keyboard: one shortcut system'],
  [['session'], 'the active profile and its rights, no UI'],
  [['data'], 'TanStack Query and the write pipeline; knows no active profile'],
  [['nav'], 'typed paths, links and the location hooks'],
  [['rules'], 'pure, React-free rules: filters, pager, table store, access'],
  [['forms'], 'the field model of write bodies'],
  [['resources'], 'resource declarations'],
  [['bridge'], 'the only code that touches window.bridge, and the state it feeds'],
  [['lib'], 'small helpers'],
  [['i18n'], 'texts, one folder per language'],
];
/** Per folder: every folder above it or beside it, which it must not import. */
const layerZones = RENDERER_LAYERS.flatMap(([folders], row) => {
  const above = RENDERER_LAYERS.slice(0, row).flatMap(([f]) => f);
  return folders.map((folder) => ({
    target: `./renderer/${folder}`,
    from: [...above, ...folders.filter((f) => f !== folder)].map((f) => `./renderer/${f}`),
    message: `renderer/${folder} is on row ${row + 1} of the house (eslint.config.js RENDERER_LAYERS): it imports only rows below it.`,
  }));
}).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  // electron-vite's bundled config (electron.vite.config.<time>.mjs) lives only while a build loads it; lint runs beside the build.
  { ignores: ['electron.vite.config.*.mjs', 'out/**', 'dist/**', 'release/**', 'node_modules/**', 'coverage/**', 'screenshots/**', 'openapi/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/electron/**', 'electron'], message: 'The renderer never imports main-process code.' }] }],
    },
  },
  {
    // A field input holds lists and JSON objects of fields: the one circle the house allows.
    files: ['renderer/screens/form/fields/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/electron/**', '**/renderer/**', 'electron', 'node:*'], message: 'shared/ imports only zod.' }] }],
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/client/**/*.ts', 'electron/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only electron/main and electron/preload import electron.' }], patterns: [{ group: ['**/renderer/**'], message: 'Imports point inward.' }] }],
    },
  },
);
