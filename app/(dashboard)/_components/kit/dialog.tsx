'use client';

import { useEffect, useRef, type ReactNode } from 'react';

const shapes = {
  narrow: 'm-auto w-full max-w-[min(28rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl',
  wide: 'm-auto w-full max-w-[min(36rem,calc(100%-2rem))] rounded-2xl p-6 shadow-xl',
  // A sheet from the end edge, the whole height of the screen.
  sheet: 'ms-auto me-0 h-dvh max-h-dvh w-full max-w-full overflow-y-auto bg-white shadow-xl sm:max-w-sm',
};

interface DialogProps {
  /** Escape (or the caller's own close button) asks to close; the caller unmounts the dialog. */
  onClose: () => void;
  shape?: keyof typeof shapes;
  labelledBy?: string;
  describedBy?: string;
  label?: string;
  children: ReactNode;
}

/**
 * A native modal dialog, open while mounted: it traps focus, closes on Escape and returns
 * focus to the opener when it closes.
 */
export function Dialog({ onClose, shape = 'narrow', labelledBy, describedBy, label, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = ref.current;
    node?.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-label={label}
      onCancel={onClose}
      className={`${shapes[shape]} backdrop:bg-slate-900/40`}
    >
      {children}
    </dialog>
  );
}
