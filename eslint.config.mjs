import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    plugins: { 'import-x': importX },
    // Our own modules, through the tsconfig's @/ paths; libraries are not followed.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      // The layers (README, "Layout"): the front end reaches the backend over /api; server/ has
      // two entry points on the Next.js side, the /api Route Handler's forwarder and
      // instrumentation.ts (outside these folders); the backend shares only the contract and
      // the site's constants with the front end.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./app', './components', './lib', './proxy.ts'],
              from: './server',
              except: ['./api-forwarder.ts'],
              message: 'The front end calls the backend over /api; only app/api/[...path]/route.ts imports server/api-forwarder.ts.',
            },
            { target: './server', from: ['./app', './components'], message: 'The backend never imports screens or UI.' },
            {
              target: './server',
              from: './lib',
              except: ['./contract', './config.ts', './group-by.ts', './portal-paths.ts', './return-path.ts', './security-headers.ts'],
              message: 'The backend shares only lib/contract and the site-wide constants with the front end.',
            },
          ],
        },
      ],
      // A variable a closure reads before its one assignment (server/main.ts) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The React Compiler's rule, an error: state follows from events and queries, not effects.
      'react-hooks/set-state-in-effect': 'error',
    },
  },
  // Jest's environment module is CommonJS, loaded by Jest itself.
  { files: ['tests/components/runner/environment.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  globalIgnores(['.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'next-env.d.ts']),
]);
