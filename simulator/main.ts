import { pino } from 'pino';
import { config } from '../server/config';
import { demoBusinesses } from '../server/seed/demo-world';
import { startSimulator } from './server';
import { stopOnSignals } from './stop-on-signals';

/** The platform simulator process: `tsx simulator/main.ts`. */

const logger = pino({ name: 'platform-simulator', level: config.LOG_LEVEL });

const simulator = await startSimulator({
  port: config.SIMULATOR_PORT,
  webhookUrl: config.SIMULATOR_WEBHOOK_URL,
  accessToken: config.PLATFORM_ACCESS_TOKEN,
  appSecret: config.PLATFORM_APP_SECRET,
  verifyToken: config.PLATFORM_VERIFY_TOKEN,
  statusDelayMs: config.SIMULATOR_STATUS_DELAY_MS,
  statusBatchMs: config.SIMULATOR_STATUS_BATCH_MS,
  appId: config.PLATFORM_APP_ID,
  signupConfigId: config.PLATFORM_SIGNUP_CONFIG_ID,
  templateReviewMs: config.SIM_TEMPLATE_REVIEW_MS,
  businesses: demoBusinesses,
  logger,
});

stopOnSignals(logger, 'platform simulator', () => simulator.close());
