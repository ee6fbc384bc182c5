import type { ReactNode } from 'react';

type Tone = 'error' | 'warning' | 'info';

const looks: Record<'text' | 'box', Record<Tone, string>> = {
  text: { error: 'text-red-700', warning: 'text-amber-800', info: 'text-slate-700' },
  box: {
    error: 'rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800',
    warning: 'rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950',
    info: 'rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-700',
  },
};

interface AlertProps {
  children: ReactNode;
  /** An error or warning is announced at once (role=alert); information politely (role=status). */
  tone?: Tone;
  /** Coloured text in the flow, or a framed box. */
  look?: 'text' | 'box';
  as?: 'p' | 'div';
  /** Layout and text size where it sits (margins, grid placement). */
  className?: string;
  id?: string;
  'data-testid'?: string;
}

/** The one way the dashboard shows a failure, a warning or a notice. */
export function Alert({ children, tone = 'error', look = 'text', as: Tag = 'p', className, ...rest }: AlertProps) {
  return (
    <Tag {...rest} role={tone === 'info' ? 'status' : 'alert'} className={className ? `${looks[look][tone]} ${className}` : looks[look][tone]}>
      {children}
    </Tag>
  );
}

/** An alert for a failed call, or nothing. */
export function ErrorLine({ text }: { text: string | null }) {
  if (!text) return null;
  // A refusal may quote a long unbroken value (an id, a platform detail): it wraps inside its line.
  return <Alert className="text-sm wrap-anywhere">{text}</Alert>;
}
