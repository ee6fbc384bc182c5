import type { z } from 'zod';

/** A zod failure in one line: `path: message; …` (the first few problems). */
export function describeIssues(error: z.ZodError, limit = 5): string {
  return error.issues
    .slice(0, limit)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}
