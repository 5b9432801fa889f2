import { Eye, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  preview: /*i18n*/ { id: 'app.preview.open', message: 'Preview' },
  live: /*i18n*/ { id: 'app.preview.live', message: 'Live preview' },
  yourPage: /*i18n*/ { id: 'app.preview.yourPage', message: 'Your page' },
  close: /*i18n*/ { id: 'app.preview.close', message: 'Close preview' },
} as const;

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
  const t = useAppWords();
  if (!open)
    return (
      <Button
        className={cn('fixed bottom-5 end-5 z-40 rounded-full shadow-2xl shadow-black/50', hidden)}
        aria-expanded={false}
        onClick={() => onOpenChange(true)}
      >
        <Eye /> {t(words.preview)}
      </Button>
    );
  return (
    <section
      aria-label={t(words.live)}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 h-[62dvh] overflow-y-auto rounded-t-3xl border-t border-border bg-background/95 px-4 pb-6 pt-3 shadow-2xl shadow-black backdrop-blur-xl',
        hidden,
      )}
    >
      <div className="sticky top-0 z-10 -mx-4 mb-2 flex items-center justify-between bg-background/95 px-4 py-1">
        <p className="text-sm font-semibold">{t(words.yourPage)}</p>
        <Button variant="outline" size="sm" aria-expanded onClick={() => onOpenChange(false)}>
          <X /> {t(words.close)}
        </Button>
      </div>
      {children}
    </section>
  );
}
