import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.ssr*',
      'functions/lib',
      'node_modules',
      '.data*',
      '.gl*',
      'test-results',
      'bench-results',
      '.tmp',
      'src/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // A function longer than a screen hides its steps: split it into named ones.
    files: ['src/**/*.{ts,tsx}', 'functions/src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Each field of the motion store has one writer, through the store's named actions.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/motion/store.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'motionStore',
          property: 'setState',
          message: 'Change the store through its named actions (src/motion/store.ts).',
        },
      ],
    },
  },
  {
    // The title's model is DOM free: it reads no page, so the page, the canvas and the worker share it.
    files: ['src/title/model/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location'].map((name) => ({
          name,
          message: 'src/title/model/ reads no page (docs/layers.md).',
        })),
      ],
    },
  },
  {
    // The contract is plain types and constants, the same wherever it runs: it reads no environment.
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['location', 'window', 'document', 'navigator', 'process', 'globalThis'].map((name) => ({
          name,
          message: 'src/contract/ reads no environment (docs/layers.md).',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MetaProperty[meta.name='import']",
          message: 'src/contract/ reads no environment: no import.meta (docs/layers.md).',
        },
      ],
    },
  },
);
