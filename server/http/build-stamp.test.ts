import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { sourceStamp, staleBuildProblem, writeBuildStamp } from './build-stamp';

const distDir = mkdtempSync(join(tmpdir(), 'build-stamp-'));
after(() => rmSync(distDir, { recursive: true, force: true }));

test('a build is served only when it was stamped with the sources beside it', () => {
  assert.match(staleBuildProblem(distDir) ?? '', /There is no web build/);
  writeFileSync(join(distDir, 'BUILD_ID'), 'x');
  assert.match(staleBuildProblem(distDir) ?? '', /does not say which sources/);
  writeBuildStamp('0'.repeat(64), distDir);
  assert.match(staleBuildProblem(distDir) ?? '', /built from other sources than these/);
  writeBuildStamp(sourceStamp(), distDir);
  assert.equal(staleBuildProblem(distDir), null);
});

test('the stamp follows the contents of the compiled sources, not of tests or notes', () => {
  const root = mkdtempSync(join(distDir, 'root-'));
  for (const dir of ['app', 'server', 'messages']) mkdirSync(join(root, dir));
  writeFileSync(join(root, 'server', 'a.ts'), 'export const a = 1;');
  const first = sourceStamp(root);
  writeFileSync(join(root, 'server', 'a.test.ts'), 'test');
  writeFileSync(join(root, 'server', 'notes.md'), 'notes');
  assert.equal(sourceStamp(root), first);
  writeFileSync(join(root, 'server', 'a.ts'), 'export const a = 2;');
  assert.notEqual(sourceStamp(root), first);
});
