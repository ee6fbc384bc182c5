/**
 * Text from outside (customers' names and messages, the platform's error text, the model's
 * replies, organization names) shown inside an interface of either direction. Browser-safe:
 * the dashboard, the widget and the server's own words use it alike (docs/messaging-api.md,
 * "Text from outside in either direction").
 */

/**
 * The explicit bidi controls: embeddings and overrides (U+202A–U+202E) and isolates
 * (U+2066–U+2069). An override in a customer's name ("\u202Eevil") reverses everything after it
 * for whoever reads it; an unmatched isolate leaks into the text around it.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: the plain-text form of `<bdi>`. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * The text without bidi controls, for display only: what the customer sent is stored as sent,
 * and each display decides its direction from the text's first strong letter instead.
 */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * Outside text for places that cannot hold markup (`<option>`, `document.title`, `aria-label`,
 * `title`, notifications, a sentence built from a message): its controls stripped, isolated
 * between FSI and PDI, so it reads in its own direction and cannot reorder the words around it.
 */
export function isolateText(text: string): string {
  return `${FSI}${stripBidiControls(text)}${PDI}`;
}
