import { z } from 'zod';

/** Editable contact fields, shared by the API's request schemas and the dashboard's forms. */
export const contactName = z.string().trim().min(1).max(200).nullable().describe('Display name; null clears it.');

export const contactTags = z
  .array(z.string().trim().min(1).max(50))
  .max(20)
  .transform((tags) => [...new Set(tags)])
  .describe('Up to 20 tags of 1 to 50 characters; duplicates are stored once.');

export const optedOutMarketing = z.boolean().describe('Marketing templates are refused for an opted-out contact.');

export const externalOnly = z.boolean().describe('The contact exists only because another system logged a message it had sent.');

export interface ContactChanges {
  name?: string | null;
  tags?: string[];
  optedOutMarketing?: boolean;
  /** Set from the dashboard's contacts page only; the API reads it. */
  externalOnly?: boolean;
}

/** The most rows one contacts import takes; the page says so before sending a larger file. */
export const CONTACT_IMPORT_MAX_ROWS = 10_000;
