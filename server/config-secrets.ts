import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * The secrets in the configuration. Each has a public value so a development machine needs no
 * `.env`; in production that value, or anything short, would let anyone mint session cookies
 * or sign platform webhooks, so production refuses to start on one.
 */
export const DEVELOPMENT_SECRETS = {
  AUTH_SECRET: 'development-only-auth-secret-change-me',
  PLATFORM_ACCESS_TOKEN: 'dev-platform-access-token',
  PLATFORM_APP_SECRET: 'dev-platform-app-secret',
  PLATFORM_VERIFY_TOKEN: 'dev-platform-verify-token',
  /** Encrypts AI provider keys at rest (agent service credentials). */
  CREDENTIALS_SECRET: 'development-only-credentials-secret',
  /** Signs the agent service's client tokens (`agct_…`, HMAC-SHA256); changing it invalidates every token. */
  CLIENT_TOKEN_SECRET: 'development-only-client-token-secret',
} as const;

export type SecretVariable = keyof typeof DEVELOPMENT_SECRETS;
export const SECRET_VARIABLES = Object.keys(DEVELOPMENT_SECRETS) as SecretVariable[];

/** 256 bits, as HMAC-SHA256 keys want. */
export const MIN_SECRET_BYTES = 32;

/**
 * What is wrong with the secrets of a configuration: none may be empty, and in production none
 * may be its development default or short. Not while `next build` evaluates modules: no secret
 * is used then, and a build machine need not hold them.
 */
export function secretProblems(
  config: { NODE_ENV: string } & Record<SecretVariable, string>,
): Array<{ variable: SecretVariable; message: string }> {
  const checked = config.NODE_ENV === 'production' && process.env.NEXT_PHASE !== 'phase-production-build';
  const problems: Array<{ variable: SecretVariable; message: string }> = [];
  for (const variable of SECRET_VARIABLES) {
    const value = config[variable];
    if (value === '') problems.push({ variable, message: `${variable} is empty; set it, or unset it for development` });
    else if (!checked) continue;
    else if (value === DEVELOPMENT_SECRETS[variable]) {
      problems.push({
        variable,
        message: `${variable} is not set, and its development default is public; set a random value of at least ${MIN_SECRET_BYTES} bytes (openssl rand -base64 48)`,
      });
    } else if (Buffer.byteLength(value) < MIN_SECRET_BYTES) {
      problems.push({
        variable,
        message: `${variable} is shorter than ${MIN_SECRET_BYTES} bytes; set a random value of at least ${MIN_SECRET_BYTES} bytes (openssl rand -base64 48)`,
      });
    }
  }
  return problems;
}

/**
 * Where `npm run demo` keeps the secrets it generated (git-ignored; `DEMO_ENV_FILE` moves it).
 * Every process reads it for the variables its environment does not set, so a command run
 * beside the demo (`npm run seed`, `npm run secrets:rotate`, `npm run dev`) shares its secrets
 * and can read what it encrypted. Delete it to go back to the development defaults.
 */
export const demoEnvFile = (): string => process.env.DEMO_ENV_FILE || '.env.demo';

export function readDemoEnv(): Record<string, string> {
  const file = demoEnvFile();
  return existsSync(file) ? (parseEnv(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}
