/**
 * What the design record's references test reads out of text: citations of files outside the
 * repository, `docs/<file>.md §N` citations, the sections a doc has, and the repository paths
 * and identifiers a Markdown file names in backticks. Pure functions over strings; the test
 * (doc-references.test.ts) walks the repository.
 */

/** The specification files the project grew from; a maintainer of this repository has none of them. */
const outsideFiles = ['agent-api', 'agent-service-errors', 'cloud-api-facts', 'decisions', 'demo-data', 'messaging-api', 'onboarding-facts'];
const outsideFile = new RegExp(`(?<![\\w./-])(${outsideFiles.join('|')})\\.md`, 'g');
/** The spec's folder, and its section citations without the file's extension. */
const outsideForms = [/\.\.\/shared\b/g, /(?<![\w./-])(?:decisions|agent-api|messaging-api) §/g];

export interface Finding {
  line: number;
  text: string;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * Citations of files outside the repository. Inside docs/ the design record's files cite each
 * other by bare name (`[architecture.md](architecture.md)`), so a bare name that is one of `docsFiles` passes there.
 */
export function outsideCitations(text: string, inDocs = false, docsFiles: ReadonlySet<string> = new Set()): Finding[] {
  const found: Finding[] = [];
  for (const match of text.matchAll(outsideFile)) {
    if (inDocs && docsFiles.has(match[0])) continue;
    found.push({ line: lineOf(text, match.index), text: match[0] });
  }
  for (const form of outsideForms) for (const match of text.matchAll(form)) found.push({ line: lineOf(text, match.index), text: match[0] });
  return found.sort((a, b) => a.line - b.line);
}

export interface DocCitation extends Finding {
  file: string;
  sections: string[];
}

/** `docs/agent-api.md §1.3–1.5, §2.7`: the file and every section named, both ends of a range included. */
export function docCitations(text: string): DocCitation[] {
  const citations: DocCitation[] = [];
  for (const match of text.matchAll(/docs\/([\w-]+\.md)((?:[ \t]*,?[ \t]*(?:and[ \t]+)?§\d+(?:\.\d+)*(?:[–-]\d+(?:\.\d+)*)?)*)/g)) {
    const sections = [...match[2]!.matchAll(/\d+(?:\.\d+)*/g)].map((number) => number[0]);
    citations.push({ line: lineOf(text, match.index), text: match[0], file: match[1]!, sections });
  }
  return citations;
}

/** The section numbers of a doc: headings that start with `§N`. */
export function docSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6} §(\d+(?:\.\d+)*)\b/gm)].map((match) => match[1]!));
}

const repositoryRoots = /^(app|server|workers|simulator|scripts|widget|tests|e2e|prisma|docs|public|messages)\//;
const camelCase = /^(?:[a-z][a-z0-9]*[A-Z]|[A-Z][a-z0-9]+[A-Z])[A-Za-z0-9]*(?:\(\))?$/;

/**
 * What a Markdown file names in backticks: repository paths (from a top-level folder, cut before the first placeholder,
 * `server/<area>/` → `server/`), relative link targets, and camelCase or PascalCase identifiers
 * (alone or called with no arguments).
 */
export function namedInMarkdown(markdown: string): { paths: Finding[]; identifiers: Finding[]; links: Finding[] } {
  const paths: Finding[] = [];
  const identifiers: Finding[] = [];
  const links: Finding[] = [];
  for (const match of markdown.matchAll(/`([^`\n]+)`/g)) {
    const name = match[1]!.trim();
    const line = lineOf(markdown, match.index);
    if (camelCase.test(name)) identifiers.push({ line, text: name.replace(/\(\)$/, '') });
    else if (repositoryRoots.test(name)) {
      const beforePlaceholder = name.split(/[<*{…]/)[0]!;
      const path = beforePlaceholder === name ? name : beforePlaceholder.slice(0, beforePlaceholder.lastIndexOf('/') + 1);
      if (/^[\w./@()[\]-]+$/.test(path)) paths.push({ line, text: path });
    }
  }
  for (const match of markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (!/^[a-z]+:/.test(match[1]!)) links.push({ line: lineOf(markdown, match.index), text: match[1]! });
  }
  return { paths, identifiers, links };
}

/** Every word on the source's code lines, comments left out, so a name only a comment still mentions is not "defined". */
export function codeWords(source: string): Set<string> {
  const words = new Set<string>();
  let inBlockComment = false;
  for (const raw of source.split('\n')) {
    let line = raw.trim();
    if (inBlockComment) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      line = line.slice(end + 2);
      inBlockComment = false;
    }
    if (line.startsWith('//')) continue;
    if (line.startsWith('/*') && !line.includes('*/')) {
      inBlockComment = true;
      continue;
    }
    line = line.replace(/\/\*.*?\*\//g, '').replace(/\s\/\/\s.*$/, '');
    for (const word of line.matchAll(/[A-Za-z_$][\w$]*/g)) words.add(word[0]);
  }
  return words;
}
