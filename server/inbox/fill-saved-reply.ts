/** The variables a saved reply may use, and the contact field each comes from. */
export const SAVED_REPLY_VARIABLES = ['name', 'first_name', 'phone'] as const;

const variablePattern = /\{\{\s*([a-z_]+)\s*(?:\|([^{}]*))?\}\}/g;

/**
 * A saved reply's text for one contact: `{{name}}`, `{{first_name}}` and `{{phone}}` take the
 * contact's values; `{{first_name|there}}` falls back to "there" when the contact has no name.
 * Unknown variables stay as written, so the agent sees them before sending.
 */
export function fillSavedReply(body: string, contact: { name: string | null; phoneNumber: string | null }): string {
  const name = contact.name?.trim() || '';
  const values: Record<string, string> = { name, first_name: name.split(/\s+/)[0] ?? '', phone: contact.phoneNumber ?? '' };
  return body.replace(variablePattern, (whole, variable: string, fallback: string | undefined) => {
    if (!(variable in values)) return whole;
    return values[variable] || (fallback ?? '').trim();
  });
}
