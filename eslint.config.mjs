// Lint for src, test, bench and scripts (run by npm test). Type-aware rules are left out: they
// need a full program per file and would double the test time; `tsc --noEmit` covers types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'wasm-build/**', 'docs/api/**', 'node_modules/**', 'assembly/**', 'examples/**', '.test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        console: 'readonly', process: 'readonly', globalThis: 'readonly', URL: 'readonly', TextDecoder: 'readonly',
        TextEncoder: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly',
        clearInterval: 'readonly', queueMicrotask: 'readonly', performance: 'readonly', fetch: 'readonly',
        AbortController: 'readonly', AbortSignal: 'readonly', Buffer: 'readonly', WebAssembly: 'readonly',
        Blob: 'readonly', Worker: 'readonly', self: 'readonly', structuredClone: 'readonly', crypto: 'readonly',
        ReadableStream: 'readonly', WritableStream: 'readonly', CompressionStream: 'readonly',
        DecompressionStream: 'readonly', Response: 'readonly', Request: 'readonly', document: 'readonly',
        window: 'readonly', navigator: 'readonly', location: 'readonly', MessageChannel: 'readonly',
        SharedArrayBuffer: 'readonly', Atomics: 'readonly', describe: 'readonly', it: 'readonly',
        before: 'readonly', after: 'readonly', beforeEach: 'readonly', afterEach: 'readonly',
      },
    },
    rules: {
      // Boundaries with wasm exports, Comlink and the engines' text are typed loosely on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' }],
      'no-constant-condition': ['error', { checkLoops: false }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
      'no-restricted-syntax': [
        'error',
        { selector: 'Program:has(Line[value=/\\b(TODO|FIXME|XXX|HACK)\\b/])', message: 'leftover TODO/FIXME note' },
      ],
    },
  },
);
