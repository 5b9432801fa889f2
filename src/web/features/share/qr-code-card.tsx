import { withPage } from '#web/lib/page-choice.ts';
import { Download, QrCode } from 'lucide-react';
import { useState } from 'react';
import { QR_PNG_SIZE, type QrStyle } from '#shared/qr-code.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { cn, siteHost } from '#web/lib/utils.ts';
import type { MessageDescriptor } from '@lingui/core';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  yourColour: /*i18n*/ { id: 'app.qr.yourColour', message: 'Your colour' },
  black: /*i18n*/ { id: 'app.qr.black', message: 'Black' },
  alt: /*i18n*/ { id: 'app.qr.alt', message: 'QR code that opens {address}' },
  title: /*i18n*/ { id: 'app.qr.title', message: 'QR code' },
  text: /*i18n*/ {
    id: 'app.qr.text',
    message: 'For flyers, cards and screens: it opens your page, and visits through it show as “QR code” in Analytics.',
  },
  colour: /*i18n*/ { id: 'app.qr.colour', message: 'QR code colour' },
  picture: /*i18n*/ { id: 'app.qr.picture', message: 'Your picture in the middle' },
} as const;

const STYLES: readonly [QrStyle, MessageDescriptor][] = [
  ['profile', words.yourColour],
  ['plain', words.black],
];

/**
 * The profile's QR code (issue 31): shown, in the look's colour or black, with
 * the profile picture in the middle if the creator wants it, and downloadable as SVG or PNG.
 */
export function QrCodeCard({ username, hasPicture }: { username: string; hasPicture: boolean }) {
  const [style, setStyle] = useState<QrStyle>('profile');
  const [withPicture, setWithPicture] = useState(false);
  const query = `style=${style}${hasPicture && withPicture ? '&picture=true' : ''}`;
  const svg = withPage(`/api/me/qr.svg?${query}`);
  const t = useAppWords();
  return (
    <Card>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <img
          src={svg}
          alt={t(words.alt, { address: `${siteHost()}/${username}` })}
          width={160}
          height={160}
          className="size-40 shrink-0 self-center rounded-xl border border-border bg-white p-1"
        />
        <div className="min-w-0 space-y-4">
          <div>
            <h3 className="flex items-center gap-2 font-semibold">
              <QrCode className="size-4 text-primary" aria-hidden="true" /> {t(words.title)}
            </h3>
            <p className="mt-1 text-sm text-muted">{t(words.text)}</p>
          </div>
          <div role="radiogroup" aria-label={t(words.colour)} className="inline-flex rounded-xl border border-border p-1">
            {STYLES.map(([value, label]) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={style === value}
                onClick={() => setStyle(value)}
                className={cn(
                  'min-h-11 cursor-pointer rounded-lg px-3 sm:min-h-9 text-sm font-medium',
                  style === value ? 'bg-primary/20 text-white' : 'text-zinc-300 hover:text-white',
                )}
              >
                {t(label)}
              </button>
            ))}
          </div>
          {hasPicture && (
            <div className="flex items-center gap-3">
              <Switch id="qr-picture" checked={withPicture} onCheckedChange={setWithPicture} />
              <label htmlFor="qr-picture" className="text-sm font-medium">
                {t(words.picture)}
              </label>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={svg} download={`${username}-qr.svg`}>
                <Download aria-hidden="true" /> <span translate="no">SVG</span>
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={withPage(`/api/me/qr.png?${query}&size=${QR_PNG_SIZE.default}`)} download={`${username}-qr.png`}>
                <Download aria-hidden="true" /> <span translate="no">PNG, {QR_PNG_SIZE.default} px</span>
              </a>
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}
