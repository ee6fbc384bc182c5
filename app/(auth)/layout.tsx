import type { ReactNode } from 'react';
import { BrandMark } from '@/app/_components/brand-mark';
import { LanguageSwitch } from '@/app/_components/language-switch';

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12">
      <BrandMark className="mb-8" />
      <div className="w-full max-w-sm">{children}</div>
      <LanguageSwitch className="mt-6" />
    </main>
  );
}
