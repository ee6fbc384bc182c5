/** A list edited as text, one item per comma or line; empty items stay while typing and are dropped on save. */
export const splitList = (text: string, separator: string) => text.split(separator).map((part) => part.trimStart());
