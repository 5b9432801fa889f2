import { Lock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { HEX_PATTERN, type SliderRange } from '#shared/customization.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Slider } from '#web/components/ui/slider.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { cn } from '#web/lib/utils.ts';
import { sanitizeHexInput } from '#web/lib/hex-input.ts';

// The Customize tab's fields: each labelled, each bounded by the shared
// schema's ranges and enumerations, so the editor cannot produce a value the
// server refuses.

export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-border bg-surface/80 p-5 sm:p-6">
      <h2 className="font-semibold">{title}</h2>
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      <div className="mt-5 grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export function ColorField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown but not to be changed (a plan's lock; the section says why). */
  locked?: boolean;
}) {
  const { label, value, onChange, locked } = props;
  const id = useId();
  const valid = HEX_PATTERN.test(value);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {locked && <Lock className="me-1 inline size-3.5 align-[-2px]" aria-hidden="true" />}
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={valid && value.length === 7 ? value : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          aria-label={`${label}: pick`}
          disabled={locked}
          className="h-11 w-12 shrink-0 cursor-pointer rounded-xl border border-border bg-surface p-1 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(sanitizeHexInput(event.target.value).toUpperCase())}
          aria-invalid={valid ? undefined : true}
          disabled={locked}
          className="font-mono"
        />
      </div>
    </div>
  );
}

export function SliderField(props: { label: string; value: number; range: SliderRange; unit?: string; onChange: (value: number) => void }) {
  const { label, value, range, unit = '', onChange } = props;
  const decimals = range.step < 1 ? 1 : 0;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-zinc-300">{label}</span>
        <span className="tabular-nums text-muted">
          {value.toFixed(decimals)}
          {unit}
        </span>
      </div>
      <Slider
        aria-label={label}
        min={range.min}
        max={range.max}
        step={range.step}
        value={[value]}
        onValueChange={([next]) => onChange(Number(next!.toFixed(decimals)))}
      />
    </div>
  );
}

export function SelectField<Value extends string>(props: {
  label: string;
  value: Value;
  options: readonly (readonly [Value, string])[];
  onChange: (value: Value) => void;
  /** Options shown but not to be chosen (a plan's locks). */
  disabled?: ReadonlySet<Value>;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as Value)}
        className="h-11 w-full cursor-pointer rounded-xl border border-border bg-surface px-3 text-sm text-zinc-100 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value} disabled={props.disabled?.has(value)}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ToggleField(props: { label: string; hint?: string; checked: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-border/70 px-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-zinc-200">
          {props.label}
        </label>
        {props.hint && <p className="text-xs text-muted">{props.hint}</p>}
      </div>
      <Switch id={id} checked={props.checked} onCheckedChange={props.onChange} />
    </div>
  );
}

/** A row of choices (button styles, shapes): a radio group of labelled chips. */
export function ChoiceField<Value extends string>(props: {
  label: string;
  value: Value;
  options: readonly (readonly [Value, string])[];
  onChange: (value: Value) => void;
  wide?: boolean;
  /** Options shown but not to be chosen (a plan's locks). */
  disabled?: ReadonlySet<Value>;
}) {
  const id = useId();
  return (
    <div className={cn('space-y-2', props.wide && 'sm:col-span-2')}>
      <span id={id} className="text-sm font-medium text-zinc-300">
        {props.label}
      </span>
      <div role="radiogroup" aria-labelledby={id} className="flex flex-wrap gap-2">
        {props.options.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={props.value === value}
            disabled={props.disabled?.has(value)}
            onClick={() => props.onChange(value)}
            className={cn(
              'min-h-11 cursor-pointer rounded-lg border px-3 py-1.5 text-sm transition-colors sm:min-h-0',
              props.value === value
                ? 'border-primary bg-primary/20 text-white'
                : 'border-border text-zinc-300 hover:border-primary/50 hover:text-white',
              'disabled:cursor-not-allowed disabled:border-dashed disabled:text-zinc-400 disabled:hover:border-border',
            )}
          >
            {props.disabled?.has(value) && <Lock className="me-1 inline size-3.5 align-[-2px]" aria-hidden="true" />}
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Options from an enumeration, labelled by splitting camelCase and dashes. */
export function optionsOf<Value extends string>(values: readonly Value[]): (readonly [Value, string])[] {
  return values.map((value) => [value, labelOf(value)] as const);
}

export function labelOf(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
