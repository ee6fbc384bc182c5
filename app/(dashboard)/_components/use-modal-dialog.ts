'use client';

import { useEffect, useRef } from 'react';

/**
 * Opens a native dialog as a modal while the component is mounted: it traps focus, closes on
 * Escape (firing its `close`/`cancel` event) and returns focus to the opener.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = ref.current;
    node?.showModal();
    return () => node?.close();
  }, []);
  return ref;
}
