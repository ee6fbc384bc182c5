import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'block';

// One radius, one focus ring and one disabled look for every button and button-like link.
const base =
  'inline-flex items-center justify-center rounded-lg font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-xs hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50 focus-visible:outline-brand-600',
  danger: 'bg-red-600 text-white shadow-xs hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600',
};
const sizes: Record<ButtonSize, string> = {
  xs: 'px-2.5 py-1.5 text-xs',
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  block: 'w-full px-4 py-2.5 text-sm',
};

/** The class names of a button of the kit, for a link that looks like one. */
export function buttonClasses({ variant = 'secondary', size = 'sm' }: { variant?: ButtonVariant; size?: ButtonSize } = {}) {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

export const buttonClass = buttonClasses();
export const primaryClass = buttonClasses({ variant: 'primary' });
export const dangerClass = buttonClasses({ variant: 'danger' });

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Its action is under way: the button is disabled and announced as busy. */
  busy?: boolean;
}

/** A button of the dashboard: `type="button"` unless told, disabled while busy. */
export function Button({ variant, size, busy = false, className, type = 'button', disabled, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={className ? `${buttonClasses({ variant, size })} ${className}` : buttonClasses({ variant, size })}
    />
  );
}

/** A row's button: it shows the short verb and tells screen readers what it acts on ("Delete Main OpenAI"). */
export function RowButton({
  label,
  fullLabel,
  onClick,
  disabled,
}: {
  label: string;
  fullLabel: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button aria-label={fullLabel} disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}
