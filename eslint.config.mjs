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
  // Tests and benchmarks read JSON answers loosely on purpose: their assertions, not a type, check the shape.
  {
    files: ['tests/**', 'e2e/**', '**/*.test.ts', '**/test-support.ts', 'scripts/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
