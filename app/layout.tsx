import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { directionOf, type Locale } from '@/server/i18n/locales';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Business Messaging', template: '%s · Business Messaging' },
  description: 'Send and receive WhatsApp Business messages for your organization.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

/** Every page in the reader's language and its direction (Arabic right to left). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = (await getLocale()) as Locale;
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body className="min-h-dvh bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
