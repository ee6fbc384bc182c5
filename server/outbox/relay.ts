import pg from 'pg';
import type { Logger } from 'pino';
import { config } from '@/server/config';
import { dispatchOutbox, OUTBOX_CHANNEL } from './index';

const SWEEP_EVERY_MS = 1_000;
/** Fresh rows are the listening relay's (every insert notifies it): the sweep takes them only once this old. */
const SWEEP_OLDER_THAN_MS = 2_000;
const PAGE = 500;

export interface OutboxRelay {
  stop(): Promise<void>;
}

/**
 * The worker's outbox relay: hands over every waiting row as soon as OUTBOX_CHANNEL is
 * notified, which every insert into outbox_jobs does on commit (notifications during a
 * hand-over are answered by one more), and sweeps every second for rows a failed hand-over
 * left behind (Redis was down, the listening worker died). Its listening
 * connection is reopened when lost; on (re)opening it hands over whatever is waiting, which
 * covers notifications sent while it was not listening. With several workers, one listens and
 * the others stand by; all of them sweep.
 */
export function startOutboxRelay(log: Logger): OutboxRelay {
  let stopping = false;
  let notified = false;
  let running: Promise<void> | null = null;
  let listener: pg.Client | null = null;

  async function handOver(olderThanMs: number): Promise<void> {
    try {
      while (!stopping && (await dispatchOutbox({ olderThanMs, limit: PAGE })) === PAGE);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'outbox relay failed; will retry');
      // Notifications keep coming while Redis is down: retry at the sweep's pace, not at theirs.
      await sleep(SWEEP_EVERY_MS);
    }
  }

  /** Runs hand-overs one at a time: a notification during one asks for another. */
  function run(olderThanMs: number): void {
    if (olderThanMs === 0) notified = true;
    if (running) return;
    running = (async () => {
      if (!notified) await handOver(olderThanMs);
      while (notified && !stopping) {
        notified = false;
        await handOver(0);
      }
    })().finally(() => (running = null));
  }

  async function listen(): Promise<void> {
    while (!stopping) {
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      const lost = new Promise<unknown>((resolve) => {
        client.on('error', resolve);
        client.on('end', () => resolve(undefined));
      });
      client.on('notification', () => run(0));
      try {
        await client.connect();
        while (!stopping && !(await holdsListenerLock(client))) await sleep(SWEEP_EVERY_MS);
        if (!stopping) {
          await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
          listener = client;
          run(0);
          const reason = await lost;
          if (!stopping) log.warn({ err: (reason as Error | undefined)?.message }, 'outbox relay lost its listening connection; reopening');
        }
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'outbox relay could not listen; retrying');
      }
      listener = null;
      await client.end().catch(() => {});
      if (!stopping) await sleep(SWEEP_EVERY_MS);
    }
  }

  const listening = listen();
  const sweep = setInterval(() => run(SWEEP_OLDER_THAN_MS), SWEEP_EVERY_MS);

  return {
    async stop() {
      stopping = true;
      clearInterval(sweep);
      await listener?.end().catch(() => {});
      await listening;
      await running;
    },
  };
}

/**
 * One relay listens however many workers run, or each would hand every row over: the lock is
 * its session's, so the next relay to ask takes over as soon as that session ends.
 */
async function holdsListenerLock(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [OUTBOX_CHANNEL]);
  return rows[0]?.locked === true;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
