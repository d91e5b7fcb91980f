// One lint config for the whole monorepo: type-aware rules everywhere, React hooks rules in the web app,
// and the layering of DESIGN.md §2 as errors (see "Layers" below).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const server = 'apps/server/src';
const web = 'apps/web/src';

// ---- Layers -------------------------------------------------------------------------------------------
// Server: tools <- db <- core <- site, collections <- apis, importers <- the app files at the top of src/.
// apis/ (HTTP) and importers/ (bringing in other archives) sit side by side and never import each other.
// Each zone forbids `target` to import from `from`: a lower layer never reaches up.
const serverUpward = [
  { layer: 'tools', above: ['db', 'core', 'site', 'collections', 'apis', 'importers', 'cli'] },
  { layer: 'db', above: ['core', 'site', 'collections', 'apis', 'importers', 'cli'] },
  { layer: 'core', above: ['site', 'collections', 'apis', 'importers', 'cli'] },
  { layer: 'site', above: ['apis', 'importers', 'cli'] },
  { layer: 'collections', above: ['site', 'apis', 'importers', 'cli'] },
  { layer: 'apis', above: ['importers', 'cli'] },
  { layer: 'importers', above: ['apis', 'cli'] },
];
// config.ts is the exception: it reads the environment, imports nothing of ours, and every layer may take
// its settings' types.
const topFiles = fs
  .readdirSync(path.join(root, server))
  .filter((name) => name.endsWith('.ts') && name !== 'config.ts')
  .map((name) => `./${server}/${name}`);
const serverZones = serverUpward.flatMap(({ layer, above }) => [
  ...above.map((upper) => ({
    target: `./${server}/${layer}`,
    from: `./${server}/${upper}`,
    message: `${layer}/ sits below ${upper}/ (DESIGN.md §2): move the shared piece down instead.`,
  })),
  ...topFiles.map((file) => ({
    target: `./${server}/${layer}`,
    from: file,
    message: `${layer}/ must not import the app files at the top of src/ (DESIGN.md §2).`,
  })),
]);

// Web: app/ composes features; a feature imports only itself, components/ and lib/; components/ and lib/
// never import a feature or app/ (docs/architecture.md, "The web app").
const features = fs
  .readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: `./${web}/features`,
    except: [`./${feature}`],
    message:
      'Features never import each other: compose them in app/, or move the shared piece to components/ or lib/.',
  })),
  ...['features', 'components', 'lib'].map((layer) => ({
    target: `./${web}/${layer}`,
    from: `./${web}/app`,
    message: 'app/ composes the screens; nothing below it imports it.',
  })),
  ...['components', 'lib'].map((layer) => ({
    target: `./${web}/${layer}`,
    from: `./${web}/features`,
    message: `${layer}/ is shared by every feature, so it cannot depend on one.`,
  })),
  {
    target: `./${web}/lib`,
    from: `./${web}/components`,
    message: 'lib/ holds no UI: it must not import components/.',
  },
];

// ---- Raw writes -------------------------------------------------------------------------------------
// A remembered answer stays exact only if every write says what it changed (docs/architecture.md,
// "Remembered answers"). The record functions do; a raw INSERT, UPDATE or DELETE is allowed only as
// the statement of `rawWrite` (which records its effect) or `rawWriteUnremembered` (a row claim that
// changes nothing), in core/records/scope.ts. db/, the migrations and the log store (a database of
// its own) are exempt. Query-builder writes are not checked here: they still record by hand.
const RAW_WRITE =
  "TaggedTemplateExpression[tag.name='sql'][quasi.quasis.0.value.raw=/^\\s*(insert|update|delete)\\b/i]";
const RAW_WRITE_ALLOWED =
  'CallExpression[callee.name=/^rawWrite(Unremembered)?$/] > TaggedTemplateExpression';
export const rawWriteRule = {
  selector: `${RAW_WRITE}:not(${RAW_WRITE_ALLOWED})`,
  message:
    'A raw write must say what it changed: run it through rawWrite (or rawWriteUnremembered) from core/records/scope.ts.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // Which files import-x reads to follow imports (its default is .js only, so no-cycle saw no
      // TypeScript module's imports and could never report a cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...webZones] }],
    },
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: [`${server}/db/**`, `${server}/core/migrations/**`, `${server}/core/logs/**`],
    rules: { 'no-restricted-syntax': ['error', rawWriteRule] },
  },
  {
    // Import cycles make modules load half-initialised and hide layering mistakes.
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Accessibility of the markup the web app writes (PRODUCT.md §14): labels, roles, keyboard handlers.
    files: [`${web}/**/*.tsx`],
    ...jsxA11y.flatConfigs.recommended,
  },
);
