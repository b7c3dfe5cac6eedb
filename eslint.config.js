import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const appFolders = '#src/(app|components|features|lib|routes|styles)/';

// Every schema is written with zod/mini (README, Architecture): one classic import would load all of
// zod's string formats and its JSON-schema generator with every screen.
const classicZod = { name: 'zod', message: "Write schemas with 'zod/mini', as the contract is." };

/** One no-restricted-imports rule per layer: what each folder may not import. */
function importDirection() {
  const layer = (files, regex, message) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { paths: [classicZod], patterns: [{ regex, message }] }] },
  });
  // The last rule that matches a file wins, so the wide src/** rule comes before its narrower folders.
  return [
    layer(['src/**'], '^#(server|mocks|tests|bench)/', 'The app imports no server, mock or test code.'),
    layer(['src/contract/**'], '^(?!zod/mini$|\\./)', 'The contract depends on zod alone.'),
    layer(
      ['src/domain/**'],
      '^(?!zod/mini$|big\\.js$|unhomoglyph$|csv-parse/browser/esm/sync$|otpauth$|\\./|#src/(contract|domain)/)',
      'The domain imports only the contract, zod, big.js, unhomoglyph, csv-parse and otpauth.',
    ),
    layer(['server/**'], `^#(mocks|tests|bench)/|^${appFolders}`, 'The server imports only the contract and the domain of src/.'),
    layer(['mocks/**'], `^#(server|tests|bench)/|^${appFolders}`, 'The mocks import only the contract and the domain of src/.'),
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', 'data', 'test-results', 'playwright-report'] },
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
        {
          selector: 'MemberExpression[property.name=/^(innerHTML|outerHTML|insertAdjacentHTML)$/]',
          message: 'Render text, never raw HTML.',
        },
        {
          selector: 'MemberExpression[object.name="document"][property.name=/^(write|writeln)$/]',
          message: 'Render text, never raw HTML.',
        },
      ],
    },
  },
  // Imports flow one way: contract (zod only) -> domain -> app, server and mocks, which never import each other.
  ...importDirection(),
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
