import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { z } from 'zod';
import { stopOnSignals } from '../stop-on-signals';
import { startShopSimulator } from './server';

/**
 * The demo shop process (`tsx simulator/shop/main.ts`), started by the test harness and the demo:
 * HTTPS with a certificate of the development CA (scripts/lib/dev-ca.ts), which the service
 * trusts through OUTBOUND_EXTRA_CA.
 */
const settings = z
  .object({
    SHOP_SIMULATOR_HOST: z.string().default('127.0.0.77'),
    SHOP_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(8443),
    SHOP_TLS_CERT: z.string().min(1),
    SHOP_TLS_KEY: z.string().min(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .parse(process.env);

const logger = pino({ name: 'shop-simulator', level: settings.LOG_LEVEL });
const server = await startShopSimulator({
  host: settings.SHOP_SIMULATOR_HOST,
  port: settings.SHOP_SIMULATOR_PORT,
  cert: readFileSync(settings.SHOP_TLS_CERT, 'utf8'),
  key: readFileSync(settings.SHOP_TLS_KEY, 'utf8'),
});
logger.info({ url: `https://${settings.SHOP_SIMULATOR_HOST}:${settings.SHOP_SIMULATOR_PORT}` }, 'demo shop listening');
stopOnSignals(logger, 'demo shop', async () => {
  server.close();
  server.closeAllConnections();
});
