import { ensureDevCertificates } from './dev-ca';
import { ensureLocalSecrets } from './local-secrets';
import { demoEnvFile } from '../../server/config-secrets';

/**
 * The demo's environment, set before anything reads the configuration (import this first):
 * it runs as production, with secrets generated into `.env.demo` on the first run and reused
 * afterwards (every other command reads that file too: `readDemoEnv`), and its AI providers
 * are the AI simulator. Variables already set in the environment win.
 */
export const DEMO_SECRETS_FILE = demoEnvFile();
export const DEMO_AI_SIMULATOR_PORT = Number(process.env.AI_SIMULATOR_PORT ?? 4020);

(process.env as Record<string, string | undefined>).NODE_ENV ??= 'production';
for (const [name, value] of Object.entries(ensureLocalSecrets(DEMO_SECRETS_FILE))) process.env[name] ??= value;

// A newcomer walks the whole journey, from signing up a business (docs/going-live.md, "Signing up").
process.env.SIGNUP_OPEN ??= 'true';
// No SMTP server: "Forgot password" mails land in the dev mailbox at /dev/mailbox (server/mail/).
process.env.DEV_MAILBOX ??= 'true';

const aiSimulatorUrl = `http://127.0.0.1:${DEMO_AI_SIMULATOR_PORT}`;
process.env.AI_SIMULATOR_URL ??= aiSimulatorUrl;
process.env.OPENAI_BASE_URL ??= `${aiSimulatorUrl}/openai/v1`;
process.env.PLATFORM_OPENAI_API_KEY ??= 'sim-platform-key';
process.env.ANTHROPIC_BASE_URL ??= `${aiSimulatorUrl}/anthropic`;

// The demo shop of docs/agent-api.md §4: HTTPS on a loopback address the outbound client may reach,
// with a certificate of the development CA, which only the service's outbound client trusts.
export const DEMO_SHOP = { host: '127.0.0.77', port: 8443, ...ensureDevCertificates('127.0.0.77') };
process.env.OUTBOUND_ALLOWLIST ??= DEMO_SHOP.host;
process.env.OUTBOUND_EXTRA_CA ??= DEMO_SHOP.caPath;
process.env.SHOP_URL ??= `https://${DEMO_SHOP.host}:${DEMO_SHOP.port}`;
