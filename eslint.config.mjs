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
    // Cycles among our own modules, through the tsconfig's @/ paths; libraries are not followed.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A variable a closure reads before its one assignment (server/main.ts) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The React Compiler's rule: the state a few components still set from an effect (a
      // mount-time read of storage, a step after an answer) is shown as warnings to move off.
      'react-hooks/set-state-in-effect': 'warn',
    },
  },
  // Jest's environment module is CommonJS, loaded by Jest itself.
  { files: ['tests/components/runner/environment.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  globalIgnores(['.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts']),
]);
