import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throw-away PostgreSQL cluster of a test's own, from this machine's PostgreSQL binaries, so
 * a test may stop and start it without touching the shared server. Tests run as root and
 * PostgreSQL refuses to, so its commands run as the `postgres` OS user.
 */
export interface OwnPostgres {
  url(database: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it at once and deletes its data directory; safe to call more than once. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql/*/bin');
  return `/usr/lib/postgresql/${newest}/bin`;
}

export async function startOwnPostgres(port: number): Promise<OwnPostgres> {
  const bin = binDir();
  // A fixed directory per port, so a run that died before cleaning up is cleaned up by the next.
  const dataDir = `/tmp/wa-own-postgres-${port}`;
  const asPostgres = (command: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', `${bin}/${command}`, ...args], { timeout: 60_000 });
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, '-w', ...args]);

  async function destroy(): Promise<void> {
    if (existsSync(`${dataDir}/postmaster.pid`)) await pgCtl('-m', 'immediate', 'stop').catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }

  await destroy();
  mkdirSync(dataDir, { mode: 0o700 });
  await run('chown', ['postgres:postgres', dataDir]);
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dataDir} -c fsync=off -c max_connections=200`;
  const start = async () => void (await pgCtl('-l', `${dataDir}/server.log`, '-o', options, 'start'));
  try {
    await start();
  } catch (error) {
    await destroy();
    throw error;
  }
  return {
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => void (await pgCtl('-m', 'fast', 'stop')),
    start,
    destroy,
  };
}
