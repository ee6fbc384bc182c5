import type { Logger } from 'pino';

/** A simulator process's clean exit: on SIGTERM or SIGINT, close it once and exit 0. */
export function stopOnSignals(logger: Logger, name: string, close: () => Promise<void>): void {
  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    await close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
