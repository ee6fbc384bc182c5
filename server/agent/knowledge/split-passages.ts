/** Characters a passage holds at most: a few paragraphs, small enough to put several in a prompt. */
export const PASSAGE_CHARS = 1_200;

/** A markdown heading line; its text is the group. */
const markdownHeading = /^#{1,6}[^\S\n](.*)$/m;

export interface Passage {
  heading: string | null;
  text: string;
}

/**
 * Splits text or markdown into passages: paragraphs (blank-line separated) gathered up to
 * PASSAGE_CHARS, never across a markdown heading, each passage remembering the heading it sits
 * under. A paragraph longer than a passage is cut at sentence or word boundaries.
 */
export function splitPassages(text: string, markdown: boolean): Passage[] {
  const passages: Passage[] = [];
  let heading: string | null = null;
  let current: string[] = [];
  // Kept as it grows: joining the passage again for every piece made many short paragraphs quadratic.
  let currentLength = -2;
  const flush = () => {
    if (current.length > 0) passages.push({ heading, text: current.join('\n\n') });
    current = [];
    currentLength = -2;
  };
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    let body = block.trim();
    const headingLine = markdown ? markdownHeading.exec(body) : null;
    if (headingLine) {
      // Text before the heading belongs to the passage before it.
      const before = body.slice(0, headingLine.index).trim();
      if (before) current.push(before);
      flush();
      heading = headingLine[1]!.trim() || null;
      body = body.slice(headingLine.index + headingLine[0].length).trim();
    }
    for (const piece of cut(body)) {
      if (currentLength + piece.length + 2 > PASSAGE_CHARS) flush();
      current.push(piece);
      currentLength += piece.length + 2;
    }
  }
  flush();
  return passages;
}

function cut(paragraph: string): string[] {
  if (paragraph === '') return [];
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > PASSAGE_CHARS) {
    const window = rest.slice(0, PASSAGE_CHARS);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('؟ '), window.lastIndexOf('? '), window.lastIndexOf('! '));
    const space = window.lastIndexOf(' ');
    const at = sentence > PASSAGE_CHARS / 2 ? sentence + 1 : space > PASSAGE_CHARS / 2 ? space : PASSAGE_CHARS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
