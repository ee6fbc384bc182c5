import { pino } from 'pino';
import { z } from 'zod';
import { startAiSimulator } from './server';
import { stopOnSignals } from '../stop-on-signals';

/**
 * The AI provider simulator process: `tsx simulator/ai/main.ts` (`npm run simulator:ai`).
 * Its settings are its own, not the service's: the service only knows provider base URLs.
 */
const settings = z
  .object({
    AI_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(4020),
    SIM_TTFT_MS: z.coerce.number().int().nonnegative().default(0),
    SIM_TOKEN_MS: z.coerce.number().int().nonnegative().default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .parse(process.env);

const logger = pino({ name: 'ai-simulator', level: settings.LOG_LEVEL });

const simulator = await startAiSimulator({
  port: settings.AI_SIMULATOR_PORT,
  ttftMs: settings.SIM_TTFT_MS,
  tokenMs: settings.SIM_TOKEN_MS,
  logger,
});

stopOnSignals(logger, 'AI simulator', () => simulator.close());
