import { TriangleAlert } from 'lucide-react';
import { AA_TEXT_CONTRAST, type ContrastCheck, formatRatio } from '#shared/contrast.ts';

/** A fix other than the nearest colour: its label, what it paints, and what it does. */
export interface OtherFix {
  label: string;
  swatch: string;
  apply: () => void;
}

const FIX_BUTTON =
  'inline-flex min-h-11 sm:min-h-9 cursor-pointer items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm font-medium text-zinc-100 hover:border-primary/60';

/** One warning: what reads badly, its ratio, and the colour that would fix it (or another fix that reads). */
export function ContrastNote({
  what,
  check,
  fixLabel,
  onFix,
  otherFix,
}: {
  what: string;
  check: ContrastCheck | undefined;
  fixLabel?: string;
  onFix?: (hex: string) => void;
  otherFix?: OtherFix | undefined;
}) {
  if (!check || check.passes) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm sm:col-span-2">
      <TriangleAlert className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
      <p className="min-w-56 flex-1 text-zinc-200">
        {what} reads at {formatRatio(check.ratio)}, under the {AA_TEXT_CONTRAST}:1 that WCAG AA asks of text.
        {!check.suggestion && ' No one colour fixes it on this background: try an overlay, or another background.'}
      </p>
      {otherFix && (
        <button type="button" onClick={otherFix.apply} className={FIX_BUTTON}>
          <span
            className="size-4 rounded-full inset-ring inset-ring-zinc-100/35"
            style={{ background: otherFix.swatch }}
            aria-hidden="true"
          />
          {otherFix.label}
        </button>
      )}
      {!otherFix && check.suggestion && onFix && (
        <button type="button" onClick={() => onFix(check.suggestion!)} className={FIX_BUTTON}>
          <span
            className="size-4 rounded-full inset-ring inset-ring-zinc-100/35"
            style={{ background: check.suggestion }}
            aria-hidden="true"
          />
          {fixLabel ?? 'Use'} {check.suggestion}
        </button>
      )}
    </div>
  );
}
