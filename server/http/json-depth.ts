/** How deep objects and arrays may nest in a request body (both APIs' references say so). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read in one pass before it is
 * parsed: code that walks a parsed value recursively (validation, text checks) would exhaust
 * the stack on a body thousands of levels deep. Brackets inside strings do not count; text
 * that is not JSON is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // the escaped character cannot end the string
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}
