import { z } from 'zod';
import { DEVELOPMENT_SECRETS, readDemoEnv, secretProblems } from './config-secrets';

/**
 * The service's configuration, read and validated once. Every variable has a default that
 * works on a development machine with local PostgreSQL and Redis, so no `.env` is needed.
 * `.env.example` documents each one. `npm run demo`'s generated secrets (`.env.demo`) are read
 * too, for what the environment does not set.
 */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: z.string().url().default('postgresql://postgres@127.0.0.1:5432/wa_platform'),
    /** Connections each process keeps to PostgreSQL (the worker's jobs each want one at times). */
    DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10),
    REDIS_URL: z.string().url().default('redis://127.0.0.1:6379/0'),
    /** Prefix for every Redis key (queues, heartbeats), so several environments can share one Redis. */
    REDIS_PREFIX: z.string().min(1).default('wa'),
    PORT: z.coerce.number().int().positive().default(3000),
    APP_URL: z.string().url().default('http://localhost:3000'),
    /** Base URL of the agent service (docs/agent-api.md §3); defaults to APP_URL + /agent. */
    AGENT_API_BASE_URL: z.string().url().optional(),
    /** Anyone may create an account and organization (/signup, POST /agent/v1/auth/signup); default: by invitation only. `npm run demo` opens it. */
    SIGNUP_OPEN: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /**
     * Where mail (password reset links, server/mail/) is sent: an SMTP server as a URL, `smtps://user:password@host:465`
     * or `smtp://host:587`. Unset, mail goes to the dev mailbox (/dev/mailbox) where that is open, and nowhere otherwise.
     */
    SMTP_URL: z.string().url().optional(),
    /** The From of every mail the service sends. */
    MAIL_FROM: z.string().min(1).default('Business Messaging <no-reply@localhost>'),
    /**
     * Keeps the last mails in Redis and shows them at /dev/mailbox instead of sending them, when SMTP_URL is unset.
     * Always on outside production; `npm run demo` (production) turns it on. Never in a deployment: whoever opens
     * the page can follow anyone's password reset link.
     */
    DEV_MAILBOX: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Signs dashboard sessions, invitations and paging cursors. */
    AUTH_SECRET: z.string().default(DEVELOPMENT_SECRETS.AUTH_SECRET),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    PLATFORM_BASE_URL: z.string().url().default('http://127.0.0.1:4010'),
    PLATFORM_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/)
      .default('v23.0'),
    PLATFORM_ACCESS_TOKEN: z.string().default(DEVELOPMENT_SECRETS.PLATFORM_ACCESS_TOKEN),
    PLATFORM_APP_SECRET: z.string().default(DEVELOPMENT_SECRETS.PLATFORM_APP_SECRET),
    PLATFORM_VERIFY_TOKEN: z.string().default(DEVELOPMENT_SECRETS.PLATFORM_VERIFY_TOKEN),
    /** The platform app's id (Embedded Signup's `appId`, the code exchange's `client_id`). */
    PLATFORM_APP_ID: z.string().min(1).default('1000000000000001'),
    /** The Embedded Signup configuration the dashboard's `FB.login` names. */
    PLATFORM_SIGNUP_CONFIG_ID: z.string().min(1).default('sim-signup-config'),
    /** The platform's JavaScript SDK; unset, the simulator's stand-in at PLATFORM_BASE_URL/sdk.js. */
    PLATFORM_SDK_URL: z.string().url().optional(),
    CREDENTIALS_SECRET: z.string().default(DEVELOPMENT_SECRETS.CREDENTIALS_SECRET),
    /** Retired CREDENTIALS_SECRETs, comma-separated: they still decrypt what they encrypted until `npm run secrets:rotate` moved it to the current one. */
    CREDENTIALS_SECRET_PREVIOUS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((secret) => secret.trim())
          .filter(Boolean),
      ),
    CLIENT_TOKEN_SECRET: z.string().default(DEVELOPMENT_SECRETS.CLIENT_TOKEN_SECRET),

    /** The AI providers' API roots (official SDKs' `baseURL`); point them at a compatible gateway or the AI simulator. A provider credential's own `base_url` takes precedence. */
    OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
    /** The platform's own OpenAI key, which answers the catalogue's `platform_provided` models for every project; unset, those models are not configured. */
    PLATFORM_OPENAI_API_KEY: z.string().min(1).optional(),
    ANTHROPIC_BASE_URL: z.string().url().default('https://api.anthropic.com'),
    /** How long an agent event stream stays open before `stream_timeout` (docs/agent-api.md §1.6); reconnect to go on. */
    STREAM_MAX_OPEN_S: z.coerce.number().int().positive().default(300),
    /** A run's worker lease (docs/agent-api.md §1.4): renewed every third of it; lapsed, the reconciler fails the run `run_interrupted`. */
    AGENT_RUN_LEASE_MS: z.coerce.number().int().min(1_000).default(15_000),
    /** Where tests and the demo reach the AI simulator's control API; unset in a deployment. */
    AI_SIMULATOR_URL: z.string().url().optional(),

    SIMULATOR_PORT: z.coerce.number().int().positive().default(4010),
    SIMULATOR_WEBHOOK_URL: z.string().url().default('http://127.0.0.1:3000/api/platform/webhook'),
    SIMULATOR_STATUS_DELAY_MS: z.coerce.number().int().nonnegative().default(300),
    SIMULATOR_STATUS_BATCH_MS: z.coerce.number().int().nonnegative().default(50),
    /** How long a template submitted to the simulator stays PENDING before its review. */
    SIM_TEMPLATE_REVIEW_MS: z.coerce.number().int().nonnegative().default(2000),

    /**
     * Comma-separated IPs or CIDRs of reverse proxies in front of the web app. Only requests from
     * them may name the client's address in X-Forwarded-For; otherwise the socket's address counts.
     */
    TRUSTED_PROXIES: z.string().default(''),
    /** Comma-separated IPs or CIDRs that outbound requests may reach although private. */
    OUTBOUND_ALLOWLIST: z.string().default(''),
    /**
     * A PEM file of one more certificate authority that outbound requests to customer URLs
     * trust, beside the system's: the development CA of the local demo shop (docs/agent-api.md §4).
     */
    OUTBOUND_EXTRA_CA: z.string().optional(),
    /** The demo shop's base URL (simulator/shop/), which the demo data's `order_status` tool calls. */
    SHOP_URL: z.string().url().default('https://127.0.0.77:8443'),
    /** Seconds after which a worker without a heartbeat counts as down. */
    WORKER_HEARTBEAT_TTL_S: z.coerce.number().int().positive().default(15),
    WORKER_CONCURRENCY: z.coerce.number().int().positive().default(20),
    /**
     * How long a send whose outcome is unknown (the worker died or lost the platform's answer)
     * waits for the platform's status webhooks to adopt it before it is sent again.
     */
    SEND_IN_DOUBT_MS: z.coerce.number().int().positive().default(60_000),

    /** How often the worker purges rows past their retention (server/retention/). */
    RETENTION_PURGE_EVERY_S: z.coerce.number().int().positive().default(300),
    /** Webhook delivery attempts, and finished deliveries after their last change, are kept this long (the contract: 7 days). */
    WEBHOOK_HISTORY_RETENTION_S: z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 86_400),
    /** Outbox rows are kept this long after they were handed to their queue (for inspection only). */
    OUTBOX_RETENTION_S: z.coerce.number().int().positive().default(86_400),
    /**
     * Events are kept this long, and longer while a webhook delivery (its history and resend, up
     * to WEBHOOK_HISTORY_RETENTION_S after its last change) still needs the payload. An event
     * purged before its fan-out ran is never delivered: keep this far above any queue backlog.
     */
    EVENTS_RETENTION_S: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 86_400),
    /** Processed platform webhooks are kept this long (for inspection); unprocessed ones until processed. */
    PLATFORM_EVENTS_RETENTION_S: z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 86_400),
    /** How long an Idempotency-Key is remembered (the contract says 24 hours: docs/messaging-api.md §4). */
    IDEMPOTENCY_KEY_TTL_S: z.coerce.number().int().positive().default(86_400),

    /** Our limits on a provider call (server/agent/providers/); passing one fails the call with provider_timeout. */
    PROVIDER_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** From the request until the model's first output (text, tool call or refusal). */
    PROVIDER_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Between one output of the model and the next. */
    PROVIDER_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    PROVIDER_TOTAL_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  })
  .superRefine((config, ctx) => {
    for (const problem of secretProblems(config)) ctx.addIssue({ code: 'custom', path: [problem.variable], message: problem.message });
  })
  .transform((config) => ({
    ...config,
    AGENT_API_BASE_URL: (config.AGENT_API_BASE_URL ?? `${config.APP_URL}/agent`).replace(/\/$/, ''),
    PLATFORM_SDK_URL: config.PLATFORM_SDK_URL ?? `${config.PLATFORM_BASE_URL.replace(/\/$/, '')}/sdk.js`,
    DEV_MAILBOX: config.DEV_MAILBOX || config.NODE_ENV !== 'production',
  }));

export type Config = z.infer<typeof configSchema>;

/** Reads a configuration from an environment; throws naming every variable that is wrong. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** The environment wins over the demo's generated secrets (`readDemoEnv`), which win over the defaults. */
export const config: Config = parseConfig({ ...readDemoEnv(), ...process.env });
