import { Users } from 'lucide-react';
import { AUDIENCE_DEVICES, AUDIENCE_DEVICE_LABELS, type AudienceDevice, countryNameOf } from '#shared/audience.ts';
import { Input, Select } from '#web/components/ui/input.tsx';

/** The countries as typed ('us, ca de'): codes upper-cased, in the order written. */
export function countryCodesOf(typed: string): string[] {
  return typed
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

/** What the form keeps of a link's audience while it is edited: its device class, and its countries as typed. */
export interface AudienceDraft {
  device: AudienceDevice;
  countries: string;
}

export function audienceDraftOf(link: { device: AudienceDevice; countries: string[] } | undefined): AudienceDraft {
  return { device: link?.device ?? 'any', countries: link?.countries.join(', ') ?? '' };
}

/** The audience to save. */
export function audienceOf(draft: AudienceDraft): { device: AudienceDevice; countries: string[] } {
  return { device: draft.device, countries: countryCodesOf(draft.countries) };
}

/**
 * Who sees a link (issue 30): every device, phones and tablets, or computers;
 * everywhere, or only in the countries listed, each named back as it is typed.
 */
export function AudienceFields({
  idSuffix,
  draft,
  onChange,
}: {
  idSuffix: string;
  draft: AudienceDraft;
  onChange: (change: Partial<AudienceDraft>) => void;
}) {
  const codes = countryCodesOf(draft.countries);
  const names = codes.map((code) => countryNameOf(code) ?? `${code} (not a country code)`);
  return (
    <fieldset className="space-y-3 rounded-xl border border-border/70 px-4 py-3">
      {/* Floated, the legend sits inside the box, as the other sections' titles do. */}
      <legend className="float-left w-full text-sm font-medium text-zinc-200">Audience</legend>
      <p className="clear-left text-xs text-muted">Who sees this link on your page: everyone, unless you choose.</p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={`device-${idSuffix}`} className="text-sm text-zinc-200">
          Show on
        </label>
        <Select
          id={`device-${idSuffix}`}
          value={draft.device}
          onChange={(event) => onChange({ device: event.target.value as AudienceDevice })}
        >
          {AUDIENCE_DEVICES.map((device) => (
            <option key={device} value={device}>
              {AUDIENCE_DEVICE_LABELS[device]}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-2">
        <label htmlFor={`countries-${idSuffix}`} className="text-sm text-zinc-200">
          Only in these countries
        </label>
        <Input
          id={`countries-${idSuffix}`}
          value={draft.countries}
          placeholder="Everywhere: or codes such as US, CA, GB"
          autoCapitalize="characters"
          aria-describedby={`countries-hint-${idSuffix}`}
          onChange={(event) => onChange({ countries: event.target.value })}
        />
        <p className="text-xs text-muted" id={`countries-hint-${idSuffix}`}>
          {codes.length === 0 ? 'Shown everywhere. ' : `Shown only in ${names.join(', ')}. `}
          The country comes from the visitor&apos;s address; one that cannot be placed sees only links shown everywhere.
        </p>
      </div>
    </fieldset>
  );
}

/** On a link's card: who sees it, when not everyone does ('Shown only on phones and tablets in US, CA'). */
export function AudienceNote({ link }: { link: { device: AudienceDevice; countries: string[] } }) {
  if (link.device === 'any' && link.countries.length === 0) return null;
  const where = link.countries.length <= 4 ? link.countries.join(', ') : `${link.countries.length} countries`;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs font-medium text-emerald-300" data-testid="link-audience">
      <Users className="size-3.5 shrink-0" aria-hidden="true" />
      Shown only
      {link.device !== 'any' && ` on ${AUDIENCE_DEVICE_LABELS[link.device].toLowerCase()}`}
      {link.countries.length > 0 && ` in ${where}`}
    </p>
  );
}
