import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '.next/',
    '.next-*/',
    'node_modules/',
    'server/db/generated/',
    'test-results/',
    'playwright-report/',
    'e2e/artifacts/',
    'var/',
    'public/widget/v1/',
    'next-env.d.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  // The server logs through server/logger.ts (pino): structured, levelled, quiet in tests.
  { rules: { 'no-console': 'error' } },
  // `for await (const _ of stream)` drains a stream: an underscore marks a value read on purpose and unused.
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_' }] } },
  // Scripts talk to the person running them.
  { files: ['scripts/**'], rules: { 'no-console': 'off' } },
  // The few plain-JS files (configuration, the dependency check) run on Node.
  { files: ['**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  // The dashboard's component kit (app/(dashboard)/_components/kit) is the one place that styles
  // buttons and announces failures: pages use <Button> and <Alert> instead of retyping them.
  {
    files: ['app/**/*.tsx'],
    ignores: ['app/(dashboard)/_components/kit/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='role'][value.value='alert']",
          message: 'Show failures with <Alert> from the dashboard kit; it is the only place role="alert" is written.',
        },
        {
          selector:
            "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='className'] > Literal[value=/(^|\\s)bg-/][value=/(^|\\s)rounded/]",
          message: 'Use <Button> from the dashboard kit instead of retyping a button’s classes.',
        },
        {
          // A link filled with the brand or danger colour is a button to the eye.
          selector:
            "JSXOpeningElement[name.name=/^(a|Link)$/] > JSXAttribute[name.name='className'] > Literal[value=/(^|\\s)bg-(brand|red)-[0-9]/][value=/(^|\\s)rounded/]",
          message: 'Style a link that looks like a button with buttonClasses() from the dashboard kit.',
        },
      ],
    },
  },
  // Tests and benchmarks read JSON answers loosely on purpose: their assertions, not a type, check the shape.
  {
    files: ['tests/**', 'e2e/**', '**/*.test.ts', '**/test-support.ts', 'scripts/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
