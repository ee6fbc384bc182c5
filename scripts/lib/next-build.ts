import { spawn } from 'node:child_process';
import { sourceStamp, writeBuildStamp } from '../../server/http/build-stamp';

/**
 * The web app's production build, everywhere it is made (`npm run build`, `npm run demo`,
 * `npm test`): `next build`, then the stamp of the sources it was built from, which the web
 * server checks when it starts. The stamp is taken before the build, so a file saved during it
 * makes the build stale rather than falsely current. Resolves to `next build`'s exit code.
 */
export async function nextBuild(env: NodeJS.ProcessEnv): Promise<number> {
  const stamp = sourceStamp();
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number>((resolve) => child.on('exit', (exit) => resolve(exit ?? 1)));
  if (code === 0) writeBuildStamp(stamp, env.NEXT_DIST_DIR ?? '.next');
  return code;
}
