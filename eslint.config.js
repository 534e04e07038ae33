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
  {
    files: ['bin/**', 'scripts/**', 'eslint.config.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
