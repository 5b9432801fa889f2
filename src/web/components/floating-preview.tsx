import { Eye, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * Where the preview does not fit beside the editor (a phone, a tablet): a
 * floating button that opens it over the lower part of the screen, live, with
 * the form still in reach above it, so each edit shows as it is made (issue 51
 * §2). `hiddenFrom` hides it where the preview stands beside the editor.
 */
export function FloatingPreview({
  open,
  onOpenChange,
  hiddenFrom,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hiddenFrom: 'lg' | 'xl';
  children: ReactNode;
}) {
  const hidden = hiddenFrom === 'lg' ? 'lg:hidden' : 'xl:hidden';
  if (!open)
    return (
      <Button
        className={cn('fixed bottom-5 end-5 z-40 rounded-full shadow-2xl shadow-black/50', hidden)}
        aria-expanded={false}
        onClick={() => onOpenChange(true)}
      >
        <Eye /> Preview
      </Button>
    );
  return (
    <section
      aria-label="Live preview"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 h-[62dvh] overflow-y-auto rounded-t-3xl border-t border-border bg-background/95 px-4 pb-6 pt-3 shadow-2xl shadow-black backdrop-blur-xl',
        hidden,
      )}
    >
      <div className="sticky top-0 z-10 -mx-4 mb-2 flex items-center justify-between bg-background/95 px-4 py-1">
        <p className="text-sm font-semibold">Your page</p>
        <Button variant="outline" size="sm" aria-expanded onClick={() => onOpenChange(false)}>
          <X /> Close preview
        </Button>
      </div>
      {children}
    </section>
  );
}
