import { CONTENT_WARNINGS, CONTENT_WARNING_LABELS, type ContentWarning } from '#shared/content-warning.ts';
import { Select } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/utils.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  none: /*i18n*/ { id: 'app.contentWarning.none', message: 'No warning' },
  sensitive: /*i18n*/ { id: 'app.contentWarning.sensitive', message: 'Sensitive content' },
} as const;

/** A page's or a link's content warning (issue 30): none, 18+, 21+, 25+ or sensitive content. */
export function ContentWarningSelect(props: {
  id: string;
  label: string;
  hint: string;
  value: ContentWarning | null;
  onChange: (value: ContentWarning | null) => void;
  className?: string;
}) {
  const t = useAppWords();
  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3', props.className)}>
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={props.id} className="text-sm font-medium text-zinc-200">
          {props.label}
        </label>
        <p className="text-xs text-muted" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      </div>
      <Select
        className="max-w-full"
        id={props.id}
        value={props.value ?? ''}
        aria-describedby={`${props.id}-hint`}
        onChange={(event) => props.onChange(event.target.value === '' ? null : (event.target.value as ContentWarning))}
      >
        <option value="">{t(words.none)}</option>
        {CONTENT_WARNINGS.map((warning) => (
          <option key={warning} value={warning}>
            {warning === 'sensitive' ? t(words.sensitive) : CONTENT_WARNING_LABELS[warning]}
          </option>
        ))}
      </Select>
    </div>
  );
}
