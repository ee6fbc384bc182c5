import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { layerRules } from './scripts/lint/layer-rules.mjs';

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
  // The layer rules of CONTRIBUTING.md (scripts/lint/layer-rules.mjs).
  { plugins: { layers: layerRules } },
  {
    files: ['server/trpc/routers/**'],
    rules: {
      // Role checks: the `*-permission(s).ts` modules and the agent service's caller check.
      'layers/no-role-checks-in-routers': ['error', { modules: ['-permissions?$', '^server/agent/access/authenticate-agent-caller$'] }],
    },
  },
  {
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    rules: {
      'layers/client-imports-browser-safe': [
        'error',
        {
          // Pure modules (data, zod schemas, formatting; no database, Redis, config or Node built-ins) that the
          // page and the server share, so a form checks exactly what the service will.
          browserSafe: {
            'server/api-keys/api-key-input': "the key form's schema, the service's too",
            'server/auth/sign-in-errors': 'the sign-in refusals the page explains',
            'server/campaigns/canceled-reason': 'the words for why a campaign was cancelled',
            'server/campaigns/present-campaign-status': 'status labels and badges, types only from the database',
            'server/campaigns/retarget-audiences': 'the audiences a retarget offers',
            'server/campaigns/skip-reasons': 'the words for why a recipient was skipped',
            'server/campaigns/variable-sources': 'where a template variable comes from: the builder and the service parse it alike',
            'server/contacts/check-contact-rows': 'a CSV import is checked in the browser with the service’s own checks',
            'server/contacts/contact-fields': 'the contact fields those checks read',
            'server/contacts/contact-sheet': 'the CSV reading those checks use',
            'server/i18n/bidi-text': 'outside text isolated and its bidi controls stripped, for display',
            'server/i18n/locales': 'the supported languages',
            'server/inbox/inbox-reactions': 'the emoji the reaction picker offers, the service accepts',
            'server/reports/report-days': 'the report periods',
            'server/templates/template-input': "the template builder's schema and limits, the service's too",
          },
          serverPackages: ['pg', 'ioredis', 'bullmq', '@prisma/client', '@prisma/adapter-pg', 'pino', 'next/headers'],
        },
      ],
    },
  },
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
          selector:
            "JSXOpeningElement[name.name='button'] > JSXAttribute[name.name='className'] Identifier[name=/^(buttonClass|primaryClass|dangerClass)$/]",
          message: 'Use <Button> from the dashboard kit: a <button> with the kit’s classes misses its type, busy state and variants.',
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
