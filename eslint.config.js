import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', 'public/mockServiceWorker.js', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // React escapes every text it renders; raw HTML would bypass that, leaving only the CSP between
    // a stored name such as `<img src=x onerror=...>` and the page. The benchmark's plain-DOM
    // baseline (bench/) is not the product and escapes what it writes.
    ignores: ['bench/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text, never raw HTML.' },
        { selector: 'MemberExpression[property.name=/^(innerHTML|outerHTML|insertAdjacentHTML)$/]', message: 'Render text, never raw HTML.' },
        { selector: 'MemberExpression[object.name="document"][property.name=/^(write|writeln)$/]', message: 'Render text, never raw HTML.' },
      ],
    },
  },
  {
    // Tests read answers whose shape is what they assert; the contract's schemas check it at run time.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright's fixtures hand over their value through a callback named `use`, which is no React hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Migrations are frozen against any later schema type, so they speak to an untyped Kysely.
    files: ['server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
