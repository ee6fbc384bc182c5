import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which sources a web build was made from, so a server never runs a build older than the code
 * beside it (the worker runs the sources themselves): a hash of the contents of everything
 * `next build` compiles, written into the build when it succeeds and compared when the web
 * server starts.
 */
const SOURCE_DIRS = ['app', 'server', 'messages'];
const SOURCE_FILES = ['next.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'postcss.config.mjs'];
/** Tests and notes are not part of the build. */
const notCompiled = /\.test\.tsx?$|\.md$/;
const STAMP_FILE = 'source-stamp';

/** The build's folder, as next.config.mjs names it. */
export const buildDir = () => process.env.NEXT_DIST_DIR ?? '.next';

export function sourceStamp(root = process.cwd()): string {
  const hash = createHash('sha256');
  const files = SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !notCompiled.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1)),
  );
  for (const file of [...files.sort(), ...SOURCE_FILES.filter((name) => existsSync(join(root, name)))]) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function writeBuildStamp(stamp: string, distDir = buildDir()): void {
  writeFileSync(join(distDir, STAMP_FILE), `${stamp}\n`);
}

/** Why the build in `distDir` must not be served with these sources, or null when it may. */
export function staleBuildProblem(distDir = buildDir()): string | null {
  const file = join(distDir, STAMP_FILE);
  if (!existsSync(join(distDir, 'BUILD_ID'))) return `There is no web build in ${distDir}.`;
  if (!existsSync(file)) return `The web build in ${distDir} does not say which sources it was built from.`;
  if (readFileSync(file, 'utf8').trim() !== sourceStamp())
    return `The web build in ${distDir} was built from other sources than these (older, or another checkout).`;
  return null;
}
