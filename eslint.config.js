import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Features meet through services (STYLE.md): a server module may import another module's
 * `*.service` (and its types) and its GraphQL types, never its table, policy or routes.
 */
const featureBoundaries = {
  files: ['apps/server/src/modules/**/*.ts'],
  // Tests arrange data directly; tables may reference another table for a foreign key.
  ignores: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/modules/**/*.table.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // A feature's GraphQL object types are public (other features' types point at them).
            regex: '^\\.\\./(?!\\.\\.)[^/]+/[^/]+\\.(table|policy|routes|events)(\\.ts)?$',
            message:
              "Reach another feature through its service, not its internals (STYLE.md: 'features meet through services').",
          },
        ],
      },
    ],
  },
};

/** Web features likewise reach each other only through their routes and public components. */
const webFeatureBoundaries = {
  files: ['apps/web/src/features/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^\\.\\./\\.\\./[^/]+/(pages|internal)/',
            message: "Import another feature's pages only through its routes.tsx.",
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'apps/web/src/gql/**',
      'apps/server/drizzle/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  featureBoundaries,
  webFeatureBoundaries,
);
