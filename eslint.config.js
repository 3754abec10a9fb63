// ESLint flat config. Boundaries (STYLE habit 1) are enforced with no-restricted-imports:
// web may import the contract, never the server; shared code never imports features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '.test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tandem/server', '**/apps/server/**', '**/server/src/**'],
              message: 'The web app may import the contract, never the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{components,lib,config,theme,hooks,utils}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tandem/server', '**/apps/server/**'], message: 'The web app may import the contract, never the server.' },
            {
              group: ['@/features/*', '**/features/**', '@/app/*', '**/app/**'],
              message: 'Shared code must not import features or the app (shared → features → app).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@tandem/web'], message: 'Server and contract never import the web app.' }] },
      ],
    },
  },
);
