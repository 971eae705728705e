// ESLint 9 flat config: TypeScript, React hooks, accessibility, and the import zones of ../shared/style.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under src/features is a feature, so a new one is zoned without touching this file.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature never imports another feature; the domain imports no React and no UI; mocks import nothing of the UI;
 * server code (server/: its shared modules, server/listener/, server/gateway/) imports neither mocks nor the UI; e2e/ and scripts/ meet only in tools/.
 */
const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in src/app.',
  })),
  {
    target: './src/domain',
    from: ['./src/app', './src/features', './src/components', './src/api', './src/lib', './mocks'],
    message: 'The domain is the interface as code: it imports nothing of the app.',
  },
  {
    target: './src/api',
    from: ['./src/app', './src/features', './src/components'],
    message: 'The API client sits below the UI.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/app', './src/features'],
    message: 'Shared components and lib use no feature.',
  },
  {
    target: './src/lib',
    from: ['./src/api', './src/components'],
    message: 'lib sits below the API client and the shared components: what needs the API lives in src/api.',
  },
  {
    target: './mocks',
    from: ['./src/app', './src/features', './src/components', './src/api'],
    message: 'The mocked service imports the domain (and message catalogues), never the UI.',
  },
  {
    target: './server',
    from: ['./mocks', './src/app', './src/features', './src/components', './src/api', './src/lib', './e2e', './dev'],
    message: 'Server code (server/) imports the domain and server/ only: never mocks/ (msw) or the UI.',
  },
  {
    target: './server/*.ts',
    from: ['./server/listener', './server/gateway'],
    message: 'server/*.ts is shared by the mocked service, the receiver and the gateway: it imports none of them.',
  },
  {
    target: ['./src', './mocks'],
    from: ['./server/listener', './server/gateway'],
    message: 'The receiver and the gateway are deployables of their own: nothing imports them but their tests and scripts.',
  },
  {
    target: './server/listener',
    from: ['./server/gateway'],
    message: 'The gateway mounts the receiver, not the other way round: server/listener/ imports nothing of server/gateway/.',
  },
  // e2e/ and scripts/ share code through tools/ only (docs/decisions/0044), so neither drags the other in.
  {
    target: './e2e',
    from: './scripts',
    message: 'e2e/ does not import scripts/: what both need lives in tools/.',
  },
  {
    target: './scripts',
    from: './e2e',
    message: 'scripts/ does not import e2e/: what both need lives in tools/.',
  },
  {
    target: './tools',
    from: ['./e2e', './scripts'],
    message: 'tools/ is shared by e2e/ and scripts/: it imports neither.',
  },
];

/**
 * zod comes through src/domain/zod only, the list of what the schemas use (docs/decisions/0046): `import { z } from
 * 'zod'` or `import('zod')` makes the bundler build zod's whole namespace, locales and JSON Schema tools included.
 */
const zodPath = { name: 'zod', message: "Import zod as `import * as z from '…/domain/zod'` (docs/decisions/0046): zod's own namespace brings all of zod into the bundle." };
const zodPattern = { group: ['zod/*'], message: zodPath.message };

/** Test support (src/testing, server/testing) is for tests only: shipped code never imports it (docs/decisions/0044). */
const testSupportZone = {
  target: '.',
  from: ['./src/testing', './server/testing'],
  message: 'Only tests import src/testing and server/testing: shipped code (src/, mocks/, server/ outside *.test.*) does not.',
};

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'public/mockServiceWorker.js', 'playwright-report', 'test-results', 'coverage', '.tsbuild'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // import/no-cycle reads the imported files: TypeScript ones too, with the TypeScript parser.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // …but not the packages: a cycle inside a library is not ours to fix, and parsing them all is slow.
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones }],
      // A cycle makes the order of module initialisation decide behaviour (and defeats lazy chunks): none allowed.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // No HTML from strings and no code from strings (docs/security.md): React's text rendering is the one way in.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No dangerouslySetInnerHTML.' },
        { selector: "MemberExpression[property.name='innerHTML']", message: 'No innerHTML.' },
        { selector: "CallExpression[callee.name='eval']", message: 'No eval.' },
        { selector: "MemberExpression[property.name='outerHTML']", message: 'No outerHTML.' },
        { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No insertAdjacentHTML.' },
        { selector: "CallExpression[callee.property.name=/^write(ln)?$/][callee.object.name='document']", message: 'No document.write.' },
        { selector: "CallExpression[callee.property.name='createContextualFragment']", message: 'No createContextualFragment.' },
        { selector: "JSXAttribute[name.name=/^srcdoc$/i]", message: 'No srcdoc: a frame of HTML from a string.' },
        { selector: "MemberExpression[property.name='srcdoc']", message: 'No srcdoc: a frame of HTML from a string.' },
        { selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^srcdoc$/i]", message: 'No srcdoc: a frame of HTML from a string.' },
        { selector: "ImportExpression[source.value=/^zod(\\/|$)/]", message: zodPath.message },
      ],
      // Code from strings: eval (also as window.eval), new Function, and setTimeout/setInterval with a string.
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use src/lib/storage (never for tokens).' }],
      // zod's whole namespace is 89 kB gzip, the part the schemas use 26 kB: everything goes through src/domain/zod.
      'no-restricted-imports': ['error', { paths: [zodPath], patterns: [zodPattern] }],
    },
  },
  {
    // What ships (the app, the mocked service of the demo, the servers), tests and the test support itself left out.
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts', 'server/**/*.ts'],
    ignores: ['src/testing/**', 'server/testing/**', '**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...zones, testSupportZone] }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [zodPath], patterns: [zodPattern, { group: ['react', 'react-*', 'react/*', '@tanstack/*'], message: 'The domain imports no React.' }] }],
    },
  },
  {
    files: ['src/domain/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
