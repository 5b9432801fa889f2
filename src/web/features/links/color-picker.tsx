import { Check } from 'lucide-react';
import {
  CUSTOM_COLOR,
  GRADIENT_COLORS,
  HEX_COLOR_PATTERN,
  HEX_INPUT_MAX_LENGTH,
  SOLID_COLORS,
  THEME_COLOR,
  type ThemeColours,
  linkBackground,
} from '#shared/links.ts';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/utils.ts';
import { sanitizeHexInput } from '#web/lib/hex-input.ts';

interface ColorPickerProps {
  /** A colour id, or 'custom' while the custom hex is chosen. */
  choice: string;
  /** The page's theme, which the first swatch follows (the default look's until it loads). */
  theme: ThemeColours | undefined;
  customHex: string;
  onChoiceChange: (choice: string) => void;
  onCustomHexChange: (hex: string) => void;
}

function Swatch({
  id,
  label,
  selected,
  onSelect,
  theme,
}: {
  id: string;
  label: string;
  selected: boolean;
  onSelect: () => void;
  theme?: ThemeColours | undefined;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      title={label}
      onClick={onSelect}
      style={{ background: linkBackground(id, theme) }}
      className={cn(
        // The inset edge keeps dark swatches (black) visible on the dark card, light ones on the light theme, at 3:1.
        'flex size-11 items-center justify-center rounded-full sm:size-8 inset-ring inset-ring-zinc-100/35 ring-offset-2 ring-offset-surface transition',
        selected ? 'ring-2 ring-white' : 'hover:scale-110',
      )}
    >
      {selected && <Check className="size-4 text-white drop-shadow" aria-hidden="true" />}
    </button>
  );
}

export function ColorPicker({ choice, theme, customHex, onChoiceChange, onCustomHexChange }: ColorPickerProps) {
  const validHex = HEX_COLOR_PATTERN.test(customHex);
  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label="Colour" className="flex flex-wrap gap-2">
        <Swatch
          id={THEME_COLOR}
          label="Theme colours: follows your theme"
          theme={theme}
          selected={choice === THEME_COLOR}
          onSelect={() => onChoiceChange(THEME_COLOR)}
        />
        {Object.keys(SOLID_COLORS).map((id) => (
          <Swatch key={id} id={id} label={id} selected={choice === id} onSelect={() => onChoiceChange(id)} />
        ))}
        {Object.keys(GRADIENT_COLORS).map((id) => (
          <Swatch key={id} id={id} label={`${id} gradient`} selected={choice === id} onSelect={() => onChoiceChange(id)} />
        ))}
        <button
          type="button"
          role="radio"
          aria-checked={choice === CUSTOM_COLOR}
          onClick={() => onChoiceChange(CUSTOM_COLOR)}
          className={cn(
            'h-11 rounded-full border border-dashed border-border px-3 text-xs font-semibold text-zinc-300 sm:h-8',
            choice === CUSTOM_COLOR && 'border-solid border-white text-white',
          )}
        >
          Custom
        </button>
      </div>
      {choice === CUSTOM_COLOR && (
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label="Pick a custom colour"
            value={validHex && customHex.length === 7 ? customHex : '#8b5cf6'}
            onChange={(event) => onCustomHexChange(event.target.value)}
            className="h-11 w-14 cursor-pointer rounded-lg border border-border bg-surface p-1"
          />
          <Input
            aria-label="Custom colour hex"
            value={customHex}
            maxLength={HEX_INPUT_MAX_LENGTH}
            onChange={(event) => onCustomHexChange(sanitizeHexInput(event.target.value))}
            aria-invalid={!validHex || undefined}
            className="w-32 font-mono"
          />
          {!validHex && <span className="text-xs text-muted">3 or 6 hex digits, like #8B5CF6</span>}
        </div>
      )}
    </div>
  );
}
