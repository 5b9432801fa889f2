import { ImageUp } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CUSTOM_ICON, LINK_ICONS } from '#shared/links.ts';
import { ICON_MAX_BYTES, mediaMessages } from '#shared/media.ts';
import { LinkIcon } from '#profile/link-icon.tsx';
import { ApiError } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { uploadMedia } from '#web/lib/upload-media.ts';

interface IconPickerProps {
  icon: string;
  customIcon: string | null;
  onChange: (icon: string, customIcon: string | null) => void;
}

export function IconPicker({ icon, customIcon, onChange }: IconPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The same rules the server enforces, checked first to save a round trip (spec 000 §5).
    if (!file.type.startsWith('image/')) return void toast.error(mediaMessages.notAnImage);
    if (file.size > ICON_MAX_BYTES) return void toast.error(mediaMessages.iconTooLarge);
    setProgress(0);
    try {
      const upload = await uploadMedia('icon', file, setProgress);
      onChange(CUSTOM_ICON, upload.url);
      toast.success('Icon uploaded successfully');
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'image_processing_failed') {
        toast.error(error.message);
      } else {
        toast.error(mediaMessages.processingFailed, { description: mediaMessages.processingFailedHint });
      }
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label="Icon" className="grid grid-cols-7 gap-2 sm:grid-cols-9">
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
