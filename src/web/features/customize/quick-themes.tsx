import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { type CustomizationUpdate, QUICK_THEMES, quickThemeFields } from '#shared/customization.ts';
import { cn } from '#web/lib/utils.ts';
import { announceDraftChange } from './customize-draft.ts';
import { useSaveCustomization } from './use-customization.ts';

export type QuickTheme = (typeof QUICK_THEMES)[number];

/**
 * The 24 quick colour themes (spec 000 §2). Without `onApply` a click saves the
 * theme at once (the Profile tab); the Customize tab applies it to its draft.
 */
export function QuickThemes({ onApply, selected }: { onApply?: (fields: CustomizationUpdate) => void; selected?: string }) {
  const save = useSaveCustomization();
  const apply = async (theme: QuickTheme) => {
    const fields = quickThemeFields(theme);
    if (onApply) {
      onApply(fields);
      announceDraftChange(`The ${theme.name} theme`);
      return;
    }
    try {
      await save.mutateAsync(fields);
      toast.success('Theme applied!');
    } catch {
      toast.error('Error', { description: 'Failed to apply the theme. Please try again.' });
    }
  };
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
      {QUICK_THEMES.map((theme) => {
        const isSelected = selected === theme.gradient.join(',');
        return (
          <button
            key={theme.name}
            type="button"
            onClick={() => void apply(theme)}
            disabled={save.isPending}
            aria-pressed={isSelected}
            className={cn(
              'group flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border p-2 text-xs text-zinc-300 transition hover:border-primary/60 hover:text-white',
              isSelected ? 'border-primary' : 'border-border',
            )}
          >
            <span
              className="relative flex h-10 w-full items-center justify-center rounded-lg"
              style={{ background: `linear-gradient(135deg, ${theme.gradient[0]}, ${theme.gradient[1]})` }}
            >
              <span className="size-4 rounded-full ring-2 ring-white/70" style={{ background: theme.primaryColor }} />
              {isSelected && <Check className="absolute right-1 top-1 size-3.5 text-white" aria-hidden="true" />}
            </span>
            {theme.name}
          </button>
        );
      })}
    </div>
  );
}
