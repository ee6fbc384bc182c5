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
  // The run engine and handoffs reach a channel's customers through server/agent/channels/ (the
  // outbound side); the inbound hook, server/agent/whatsapp/, calls them, never the reverse.
  {
    files: ['server/agent/runs/**', 'server/agent/handoffs/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/server/agent/whatsapp/*', '**/whatsapp/*'],
              message: 'runs/ and handoffs/ never import the WhatsApp hook: use server/agent/channels/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/agent/channels/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/server/agent/whatsapp/*',
                '@/server/agent/runs/*',
                '@/server/agent/handoffs/*',
                '../whatsapp/*',
                '../runs/*',
                '../handoffs/*',
              ],
              message: 'channels/ is what runs/ and handoffs/ call: it imports none of them, nor the WhatsApp hook.',
            },
          ],
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
