import pino from 'pino';
import { config } from '@/server/config';

/** One structured logger per process; child loggers carry request ids and job ids. */
export const logger = pino({
  level: config.LOG_LEVEL,
  base: { service: process.env.SERVICE_NAME ?? 'web' },
  redact: ['req.headers.authorization', '*.accessToken', '*.secret', '*.password'],
});
