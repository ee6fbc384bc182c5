import { hostname } from 'node:os';
import { config } from '@/server/config';
import { heartbeatKey } from '@/server/health/worker-heartbeat';
import { getRedis } from '@/server/redis';

/**
 * Process ids of this machine's workers that beat within the heartbeat TTL and still run.
 * workers/main.ts names itself `<host>-<pid>-<random>` in the heartbeat set; a killed
 * worker's entry stays there until it ages out, hence the check that the process exists.
 */
export async function liveWorkerPids(): Promise<number[]> {
  const since = Date.now() - config.WORKER_HEARTBEAT_TTL_S * 1000;
  const ids = await getRedis().zrangebyscore(heartbeatKey(), since, '+inf');
  const prefix = `${hostname()}-`;
  return ids
    .filter((id) => id.startsWith(prefix))
    .map((id) => Number(id.slice(prefix.length).split('-')[0]))
    .filter(isRunning);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
