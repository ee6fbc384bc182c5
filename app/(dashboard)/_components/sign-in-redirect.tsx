'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Sends a signed-out visitor to sign-in with a way back. Only a backstop: dashboard pages
 * redirect on the server first (a layout cannot, as it does not know the path).
 */
export function SignInRedirect() {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const router = useRouter();
  useEffect(() => {
    router.replace(`/signin?callbackUrl=${encodeURIComponent(query ? `${pathname}?${query}` : pathname)}`);
  }, [pathname, query, router]);
  return null;
}
