'use client';

import { TRPCClientError } from '@trpc/client';
import { useLocale, useTranslations } from 'next-intl';

/**
 * What to tell the user about a failed call, in their language. The server writes its
 * messages in English with the details (which template, which field); in English those are
 * shown as they are; in another language the server's own translation when it sends one
 * (the agent service's codes), else the message of their code (the domain's, else
 * tRPC's) from the `errors` catalogue. A call that never reached the server says so.
 */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslations('errors');
  const locale = useLocale();
  return (error) => {
    if (error instanceof TRPCClientError && !error.data) return t('network');
    const data =
      error instanceof TRPCClientError
        ? (error.data as { appCode?: string; code?: string; localized?: Record<string, string> } | undefined)
        : undefined;
    if (locale !== 'en' && data?.localized?.[locale]) return data.localized[locale];
    const code = [data?.appCode, data?.code].find((candidate) => candidate && t.has(candidate));
    if (locale !== 'en' && code) return t(code);
    return error instanceof Error && error.message ? error.message : t('unknown');
  };
}
