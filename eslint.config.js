import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded generator (src/engine/rng.ts).' }],
    },
  },
  {
    files: ['src/engine/**', 'src/board/**', 'src/rulesets/**', 'src/odds/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Date', message: 'Rules code may not read the clock.' }],
    },
  },
  // Layers (issue #18): the kernel and the board library know no rule set; the server, clients, AI and odds reach rule
  // sets only through the registry (src/rulesets/index.ts) and the package types; the browser bundle imports no rule
  // set code at all (types only). Tests may read rule set data directly.
  {
    files: ['src/engine/**', 'src/board/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: ['**/rulesets/**'], message: 'src/engine and src/board import no rule set (layers, issue #18).',
      }] }],
    },
  },
  {
    files: ['src/server/**', 'src/cli/**', 'src/ai/**', 'src/odds/**'],
    ignores: ['**/*.test.ts', '**/testing*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: ['**/rulesets/*/**'],
        message: 'Reach rule sets through the registry (src/rulesets/index.ts) or the package types (layers, issue #18).',
      }] }],
    },
  },
  {
    files: ['src/web/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{
        group: ['**/rulesets/**'], allowTypeImports: true,
        message: 'The browser bundle imports no rule set: ask the server (src/server/ruleset-routes.ts), or import types only (layers, issue #18).',
      }] }],
      'no-restricted-syntax': ['error', {
        selector: 'ImportExpression[source.value=/rulesets\\//]',
        message: 'The browser bundle loads no rule set, not even lazily: ask the server (layers, issue #18).',
      }],
    },
  },
  {
    files: ['bin/**', 'scripts/**', 'eslint.config.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
