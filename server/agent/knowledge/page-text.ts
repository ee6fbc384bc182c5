const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The readable text of an HTML page for the index: scripts, styles and the head dropped, block
 * elements as paragraph breaks, tags removed, entities decoded. Not a renderer; passages only
 * need the words and where paragraphs end.
 */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template|head|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(h[1-6])\b[^>]*>([\s\S]*?)<\/\1\s*>/gi, (_whole, tag: string, inner: string) => `\n\n${'#'.repeat(Number(tag[1]))} ${inner}\n\n`)
    .replace(/<\/?(p|div|section|article|li|ul|ol|tr|table|br|hr|blockquote|pre|dd|dt|main|header|footer|nav)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
