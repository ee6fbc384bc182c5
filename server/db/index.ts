import { PrismaPg } from '@prisma/adapter-pg';
import { config } from '@/server/config';
import { PrismaClient } from './generated/client';

export * from './generated/client';

function createClient() {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX }),
    // Secrets stay out of every query result unless a caller asks for them explicitly.
    omit: {
      user: { passwordHash: true },
      businessPortfolio: { accessTokenSealed: true, accessTokenLegacy: true },
      webhook: { secret: true },
      agentWebhookEndpoint: { secret: true },
      apiKey: { keyHash: true },
    },
    transactionOptions: { maxWait: 5_000, timeout: 15_000 },
  });
}

export type Db = ReturnType<typeof createClient>;
/** A client or the transaction handle an interactive transaction passes in. */
export type DbTx = Parameters<Parameters<Db['$transaction']>[0]>[0];

// One client per process; development hot reloads would otherwise open a pool per reload.
const globalForDb = globalThis as unknown as { db?: Db };
export const db: Db = globalForDb.db ?? createClient();
if (config.NODE_ENV !== 'production') globalForDb.db = db;
