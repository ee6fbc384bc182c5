/** How much of its last message a contact shows in the conversation list, in characters. */
export const PREVIEW_LENGTH = 200;

/**
 * A message's first PREVIEW_LENGTH characters for the conversation list. Counted in code points,
 * as PostgreSQL's `left()` counts them where the preview is cut in SQL: cutting UTF-16 units
 * would split an emoji in half, and the lone half is stored as U+FFFD.
 */
export function messagePreview(content: string): string {
  if (content.length <= PREVIEW_LENGTH) return content;
  let end = 0;
  let characters = 0;
  for (const character of content) {
    if (characters === PREVIEW_LENGTH) break;
    end += character.length;
    characters += 1;
  }
  return content.slice(0, end);
}
