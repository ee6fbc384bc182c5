import { stripBidiControls } from '@/server/i18n/bidi-text';

/**
 * Text from outside (a customer's name, an organization's name, the platform's or the model's
 * words) inside a line of ours: `<bdi>` takes its direction from its own first strong letter, so
 * "Acme Inc." keeps its full stop in an Arabic line, and its bidi controls are stripped, so a
 * U+202E in it cannot reverse what staff read. For attributes and `<option>`s, use `isolateText`.
 */
export function Bidi({ text, className }: { text: string; className?: string }) {
  return <bdi className={className}>{stripBidiControls(text)}</bdi>;
}
