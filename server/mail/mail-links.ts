/** The http(s) links in a plain-text mail, in order, each once: what the dev mailbox makes clickable. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
