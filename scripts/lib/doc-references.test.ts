import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { codeWords, docCitations, docSections, namedInMarkdown, outsideCitations } from './doc-references';

/**
 * Comments and docs name only what a maintainer of this repository has: the design record
 * under docs/ (file and section), repository paths and identifiers the code defines.
 */
const root = process.cwd();
/** Generated, installed or built: not the project's own text. */
const skipped = new Set([
  'node_modules',
  '.git',
  'server/db/generated',
  'e2e/artifacts',
  'public/widget/v1',
  'test-results',
  'playwright-report',
  'var',
]);
const textFile = /\.(ts|tsx|mjs|js|md|prisma|sql|css|json)$|^\.env\.example$/;

function walk(dir: string, accept: (name: string) => boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (skipped.has(relative) || entry.name.startsWith('.next')) continue;
    if (entry.isDirectory()) files.push(...walk(relative, accept));
    else if (accept(entry.name) && !entry.name.endsWith('package-lock.json')) files.push(relative);
  }
  return files;
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const projectFiles = walk('', (name) => textFile.test(name));
const docsFiles = new Set(readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')));
const guides = ['README.md', 'CONTRIBUTING.md', ...[...docsFiles].map((name) => `docs/${name}`)];
/** Built from its parts so this file does not cite what it looks for. */
const spec = (name: string) => `${name}.md`;

describe('the detectors', () => {
  test('a citation of a specification file or its folder is found', () => {
    assert.deepEqual(
      outsideCitations(`a (${spec('agent-api')} §1.2)\nb ${'..'}/shared/spec\nc ${'decisions'} §4\nd docs/${spec('agent-api')} §1.2`).map(
        (f) => f.line,
      ),
      [1, 2, 3],
    );
    assert.deepEqual(outsideCitations(`[x](${spec('agent-api')})`, true, new Set([spec('agent-api')])), [], 'docs link each other by bare name');
    assert.equal(outsideCitations(`[x](${spec('decisions')})`, true, new Set([spec('agent-api')])).length, 1);
  });

  test('a doc citation names its file and every section, ranges by both ends', () => {
    assert.deepEqual(
      docCitations(`see docs/${spec('agent-api')} §1.3–1.5, §2.7 and docs/${spec('demo-data')}.`).map((c) => [c.file, c.sections]),
      [
        [spec('agent-api'), ['1.3', '1.5', '2.7']],
        [spec('demo-data'), []],
      ],
    );
    assert.deepEqual([...docSections('# Title\n## §1 Scope\n### §1.10 Tools\n## Limits')], ['1', '1.10']);
  });

  test('backticked paths, identifiers and links are read; placeholders cut a path', () => {
    const named = namedInMarkdown('`server/<area>/x.ts`, `sendMessage()`, `OrgRuleError`, `POST`, `npm test` and [a](docs/README.md)');
    assert.deepEqual(
      named.paths.map((f) => f.text),
      ['server/'],
    );
    assert.deepEqual(
      named.identifiers.map((f) => f.text),
      ['sendMessage', 'OrgRuleError'],
    );
    assert.deepEqual(
      named.links.map((f) => f.text),
      ['docs/README.md'],
    );
  });

  test('a name only a comment mentions is not defined', () => {
    const words = codeWords('/**\n * oldName\n */\n// otherName\nexport function newName() {} // lastName');
    assert.ok(words.has('newName'));
    for (const name of ['oldName', 'otherName', 'lastName']) assert.ok(!words.has(name), name);
  });
});

describe('the repository', () => {
  test('no comment, string or doc cites a file outside the repository', () => {
    const found = projectFiles.flatMap((file) =>
      outsideCitations(read(file), file.startsWith('docs/'), docsFiles).map((f) => `${file}:${f.line}: ${f.text}`),
    );
    assert.deepEqual(found, [], 'cite docs/<file>.md §N or a generated reference (/docs/errors, /agent/docs/errors) instead');
  });

  test('every docs/<file>.md §N citation names a file and section that exist', () => {
    const sections = new Map([...docsFiles].map((name) => [name, docSections(read(`docs/${name}`))]));
    const wrong = projectFiles.flatMap((file) =>
      docCitations(read(file)).flatMap((citation) => {
        const known = sections.get(citation.file);
        if (!known) return [`${file}:${citation.line}: no docs/${citation.file}`];
        return citation.sections.filter((s) => !known.has(s)).map((s) => `${file}:${citation.line}: docs/${citation.file} has no §${s}`);
      }),
    );
    assert.deepEqual(wrong, []);
  });

  test('README, CONTRIBUTING and docs name only paths that exist', () => {
    /** Made by commands, so absent from a fresh checkout. */
    const made = new Set(['.env.demo', 'public/widget/v1/', 'e2e/artifacts/pages/']);
    const missing = guides.flatMap((file) => {
      const named = namedInMarkdown(read(file));
      const fromRoot = named.paths.filter((f) => !made.has(f.text) && !existsSync(path.join(root, f.text)));
      const linked = named.links.filter((f) => !existsSync(path.join(root, path.dirname(file), f.text)));
      return [...fromRoot, ...linked].map((f) => `${file}:${f.line}: ${f.text}`);
    });
    assert.deepEqual(missing, []);
  });

  test('README, CONTRIBUTING and docs name only identifiers the code defines', () => {
    const sources = ['server', 'app', 'workers', 'simulator', 'scripts', 'widget', 'tests'].flatMap((dir) =>
      walk(dir, (name) => /\.(ts|tsx|mjs)$/.test(name)),
    );
    const defined = new Set(sources.flatMap((file) => [...codeWords(read(file))]));
    const unknown = guides.flatMap((file) =>
      namedInMarkdown(read(file))
        .identifiers.filter((f) => !defined.has(f.text))
        .map((f) => `${file}:${f.line}: ${f.text}`),
    );
    assert.deepEqual(unknown, []);
  });
});
