// ESLint flat config. The import boundaries of STYLE habit 1 are enforced by import-x
// (docs/decisions/013): web may import the contract, never the server; shared layers never import
// features or the app; a feature reaches another feature only through its public `index.ts`;
// features never import the app (composition root); and no import cycles.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const featuresOf = (app) => readdirSync(path.join(root, `apps/${app}/src/features`));

/**
 * The import-x zones of one app: `shared` folders (relative to src) never import features or the
 * app layer; each feature imports another feature's public `index.ts` only; features never import
 * `appLayer` (the composition root: routes wiring, app.ts, server.ts) — except in tests, which
 * boot the app (`forTests`).
 */
function boundaryZones(app, { shared, appLayer }, { forTests = false } = {}) {
  const src = `./apps/${app}/src`;
  const features = featuresOf(app);
  return [
    ...shared.map((folder) => ({
      target: `${src}/${folder}`,
      from: [`${src}/features`, ...appLayer.map((entry) => `${src}/${entry}`)],
      message: 'Shared code never imports features or the app (shared → features → app, STYLE §1).',
    })),
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features/!(${feature})/**`,
      except: [path.join(root, `apps/${app}/src/features/*/index.{ts,tsx}`)],
      message: `A feature reaches another feature only through its index.ts (STYLE §1).`,
    })),
    ...(forTests
      ? []
      : [
          {
            target: `${src}/features`,
            from: appLayer.map((entry) => `${src}/${entry}`),
            message: 'Features never import the app layer (STYLE §1).',
          },
        ]),
  ];
}

const serverLayers = {
  shared: ['db', 'lib', 'config', 'mail', 'plugins', 'events', 'jobs', 'public', 'permissions'],
  appLayer: ['app.ts', 'server.ts', 'seed', 'cli'],
};
const webLayers = { shared: ['components', 'lib', 'config', 'theme'], appLayer: ['app', 'main.tsx'] };

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
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...boundaryZones('server', serverLayers), ...boundaryZones('web', webLayers)],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...boundaryZones('server', serverLayers, { forTests: true }), ...boundaryZones('web', webLayers, { forTests: true })],
        },
      ],
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
    files: ['apps/server/**/*.ts', 'packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@tandem/web'], message: 'Server and contract never import the web app.' }] },
      ],
    },
  },
);
