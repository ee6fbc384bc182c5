import { z } from 'zod';

/**
 * What a template is made of when it is written here (docs/messaging-api.md §11): the body of
 * `POST /v1/templates` and of the dashboard's builder, one schema for both. The rules the shape
 * cannot say (variables and their examples, button counts per category) are in
 * `check-template-input.ts`; the rules the platform's review judges (a variable at the start or
 * end, adjacent variables) are left to the review, whose reason the template then shows.
 */

/** Placeholder names in order of first appearance: `{{1}}` gives "1", `{{order_id}}` gives "order_id". */
export function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1] as string);
  return [...new Set(names)];
}

export const templateCategories = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const headerFormats = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const buttonTypes = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'] as const;

/** The platform's limits on each part (its template components reference). */
export const TEMPLATE_LIMITS = { name: 512, header: 60, body: 1024, footer: 60, buttonText: 25, buttons: 10, example: 200, url: 2000 };

export const templateNameSchema = z
  .string()
  .min(1)
  .max(TEMPLATE_LIMITS.name)
  .regex(/^[a-z0-9_]+$/, 'Only lowercase letters, digits and underscores (the platform’s rule for template names).')
  .describe('Lowercase letters, digits and underscores, up to 512 characters.');

export const templateLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(_[A-Z]{2,4})?$/, 'A language code such as `en`, `ar` or `pt_BR`.')
  .describe('Language code as the platform writes it: `en`, `en_US`, `ar`, `pt_BR`.');

const exampleValue = z.string().trim().min(1).max(TEMPLATE_LIMITS.example);

export const templateInputSchema = z
  .object({
    name: templateNameSchema,
    language: templateLanguageSchema,
    category: z.enum(templateCategories),
    account: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("Account name. Default: the organization's default outgoing account. The template belongs to the account's business."),
    parameter_format: z
      .enum(['NAMED', 'POSITIONAL'])
      .default('POSITIONAL')
      .describe('NAMED: variables are lowercase names (`{{first_name}}`); POSITIONAL (the default): `{{1}}`, `{{2}}`, … in order.'),
    header: z
      .object({
        format: z.enum(headerFormats),
        text: z.string().min(1).max(TEMPLATE_LIMITS.header).optional().describe('TEXT headers: up to 60 characters and one variable.'),
        example: z
          .string()
          .min(1)
          .max(TEMPLATE_LIMITS.url)
          .optional()
          .describe("TEXT: the example value of the header's variable. IMAGE, VIDEO, DOCUMENT: the public URL of a sample file."),
      })
      .strict()
      .optional(),
    body: z
      .object({
        text: z
          .string()
          .min(1)
          .max(TEMPLATE_LIMITS.body)
          .optional()
          .describe('Up to 1,024 characters. Required, except for AUTHENTICATION templates, whose text the platform writes.'),
        examples: z
          .record(z.string(), exampleValue)
          .default({})
          .describe('An example value for every variable of the body, keyed by its name (`first_name`) or position (`"1"`).'),
        add_security_recommendation: z
          .boolean()
          .optional()
          .describe('AUTHENTICATION only: the platform adds "For your security, do not share this code."'),
      })
      .strict(),
    footer: z
      .object({
        text: z.string().min(1).max(TEMPLATE_LIMITS.footer).optional().describe('Up to 60 characters, no variables.'),
        code_expiration_minutes: z
          .number()
          .int()
          .min(1)
          .max(90)
          .optional()
          .describe('AUTHENTICATION only: the platform writes "This code expires in N minutes."'),
      })
      .strict()
      .optional(),
    buttons: z
      .array(
        z
          .object({
            type: z.enum(buttonTypes),
            text: z.string().min(1).max(TEMPLATE_LIMITS.buttonText).optional().describe('The label, up to 25 characters (OTP: optional).'),
            url: z
              .string()
              .min(1)
              .max(TEMPLATE_LIMITS.url)
              .optional()
              .describe('URL buttons: an https URL, optionally ending in one variable `{{1}}`.'),
            phone_number: z.string().min(1).max(20).optional().describe('PHONE_NUMBER buttons: the number to call, in international form.'),
            example: z
              .string()
              .min(1)
              .max(TEMPLATE_LIMITS.url)
              .optional()
              .describe('URL with a variable: a full example URL. COPY_CODE: an example code.'),
          })
          .strict(),
      )
      .max(TEMPLATE_LIMITS.buttons)
      .default([]),
  })
  .strict();

export type TemplateInput = z.infer<typeof templateInputSchema>;
/** The input before defaults are applied (what a browser form sends). */
export type TemplateInputDraft = z.input<typeof templateInputSchema>;
