/** Why a recipient was skipped, as stored in its `error_message`; the dashboard words each in the reader's language. */
export const SKIP_OPTED_OUT = 'Opted out of marketing messages; the template is MARKETING.';
export const SKIP_BEYOND_ALLOWANCE = "Beyond today's messaging-limit allowance (send mode today_only).";
