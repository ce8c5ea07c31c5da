import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features talk through app/ and shared/ only (bulletproof-react's rule).
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../features/*'], message: 'Features must not import each other.' }] }],
    },
  },
  {
    // Inside a feature, a sibling feature is one `../` away.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./\\.\\./features/|\\.\\./(?!\\.\\./))', message: 'Features must not import each other.' }] }],
    },
  },
);
