/**
 * Database or Redis out of reach: connection refused or lost (PostgreSQL restarting answers
 * 57P01 admin_shutdown to running queries and 57P03 to new connections; class 08 is a lost
 * connection), pool timeouts, and the same as Prisma reports them (P1001/P1002/P1017/P2024, or
 * its driver adapter's error, which carries the pg error as `cause`).
 */
const unavailableCodes = new Set([
  'P1001',
  'P1002',
  'P1017',
  'P2024',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
const unavailableKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const unavailableMessage =
  /ECONNREFUSED|Connection is closed|connect ETIMEDOUT|Connection terminated|terminating connection due to|the database system is (starting up|shutting down|in recovery)|Client has encountered a connection error/;

export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; name?: string; message?: string; kind?: string; originalCode?: string; cause?: unknown } | undefined;
  if (!e || typeof e !== 'object' || depth > 5) return false;
  const code = typeof e.code === 'string' ? e.code : (e.originalCode ?? '');
  if (unavailableCodes.has(code) || code.startsWith('08') || unavailableKinds.has(e.kind ?? '')) return true;
  if (e.name === 'DriverAdapterError' || unavailableMessage.test(e.message ?? '')) return true;
  return e.cause !== undefined && e.cause !== error && isDependencyUnavailable(e.cause, depth + 1);
}
