import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { importCycles, importGraph, sourceFiles } from './import-cycles';

const root = path.resolve(import.meta.dirname, '../..');
const CODE_FOLDERS = ['server', 'workers', 'app', 'scripts', 'simulator', 'tests', 'widget', 'e2e'];

test('no module imports itself through others (type-only imports count, dynamic ones do not)', () => {
  const cycles = importCycles(importGraph(root, sourceFiles(root, CODE_FOLDERS)));
  assert.deepEqual(
    cycles.map((cycle) => cycle.map((file) => path.relative(root, file)).join(' -> ')),
    [],
  );
});

test('a circle through the alias, a relative path, an index file and a type-only import is found; a dynamic import is no edge', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  mkdirSync(path.join(dir, 'src/b'), { recursive: true });
  writeFileSync(path.join(dir, 'src/a.ts'), "import { b } from '@/src/b';\nexport const a = b;\n");
  writeFileSync(path.join(dir, 'src/b/index.ts'), "import type { C } from '../c';\nexport const b = 1 as C;\n");
  writeFileSync(path.join(dir, 'src/c.ts'), "export type C = number;\nexport { a } from './a';\n");
  writeFileSync(path.join(dir, 'src/d.ts'), "export const load = () => import('./e');\n");
  writeFileSync(path.join(dir, 'src/e.ts'), "import { load } from './d';\nexport const e = load;\n");
  const cycles = importCycles(importGraph(dir, sourceFiles(dir, ['src'])));
  assert.equal(cycles.length, 1);
  const cycle = cycles[0]!.map((file) => path.relative(dir, file));
  assert.equal(cycle[0], cycle.at(-1));
  assert.deepEqual(cycle.slice(1).sort(), ['src/a.ts', 'src/b/index.ts', 'src/c.ts']);
});
