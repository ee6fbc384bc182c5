import { ensureLocalSecrets } from './local-secrets';

/**
 * The demo's environment, set before anything reads the configuration (import this first):
 * it runs as production, with secrets generated into `.env.demo` on the first run and reused
 * afterwards. Variables already set in the environment win.
 */
export const DEMO_SECRETS_FILE = '.env.demo';

(process.env as Record<string, string | undefined>).NODE_ENV ??= 'production';
for (const [name, value] of Object.entries(ensureLocalSecrets(DEMO_SECRETS_FILE))) process.env[name] ??= value;
