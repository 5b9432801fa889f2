import { ImageUp } from 'lucide-react';
import { useRef } from 'react';
import { toast } from '#web/lib/toast.ts';
import { CUSTOM_ICON, LINK_ICONS } from '#shared/links.ts';
import { ICON_MAX_BYTES, mediaMessages } from '#shared/media.ts';
import { LinkIcon } from '#profile/link-icon.tsx';
import { cn } from '#web/lib/utils.ts';
import { useImageUpload } from './use-image-upload.ts';

interface IconPickerProps {
  icon: string;
  customIcon: string | null;
  onChange: (icon: string, customIcon: string | null) => void;
}

export function IconPicker({ icon, customIcon, onChange }: IconPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  // Spec 000 §5: custom icons up to 1 MB.
  const { progress, onFile } = useImageUpload('icon', { maxBytes: ICON_MAX_BYTES, tooLargeMessage: mediaMessages.iconTooLarge }, (url) => {
    onChange(CUSTOM_ICON, url);
    toast.success('Icon uploaded successfully');
  });

  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label="Icon" className="grid grid-cols-6 gap-2 sm:grid-cols-9">
        {LINK_ICONS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="radio"
            aria-checked={icon === entry.id}
            aria-label={entry.name}
            title={entry.name}
            onClick={() => onChange(entry.id, null)}
            className={cn(
              'flex aspect-square items-center justify-center rounded-xl border transition',
              icon === entry.id
                ? 'border-primary bg-primary/20 text-white'
                : 'border-border bg-surface text-zinc-300 hover:border-primary/50',
            )}
          >
            <LinkIcon icon={entry.id} size={20} />
          </button>
        ))}
        <button
          type="button"
          role="radio"
          aria-checked={icon === CUSTOM_ICON}
          aria-label="Upload a custom icon"
          title="Upload a custom icon"
          onClick={() => fileInput.current?.click()}
          disabled={progress !== null}
          className={cn(
            'flex aspect-square items-center justify-center overflow-hidden rounded-xl border transition',
            icon === CUSTOM_ICON ? 'border-primary bg-primary/20' : 'border-dashed border-border hover:border-primary/50',
          )}
        >
          {icon === CUSTOM_ICON && customIcon ? (
            <img src={customIcon} alt="" className="size-full object-cover" />
          ) : (
            <ImageUp className="size-5 text-zinc-400" aria-hidden="true" />
          )}
        </button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml,image/webp,image/gif"
        className="sr-only"
        aria-label="Custom icon file"
        data-testid="icon-file-input"
        onChange={(event) => void onFile(event)}
      />
      {progress !== null && (
        <div className="space-y-1" role="status" aria-label="Uploading icon">
          <div className="h-2 overflow-hidden rounded-full bg-surface-raised">
            <div className="h-full bg-gradient-to-r from-primary to-secondary transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-xs text-muted">Uploading… {progress}%</p>
        </div>
      )}
      <p className="text-xs text-muted">Custom icons: PNG, JPG or SVG, up to 1 MB.</p>
    </div>
  );
}
