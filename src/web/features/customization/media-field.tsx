import { ImageUp, Music, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { AUDIO_MAX_BYTES, CURSOR_MAX_BYTES, IMAGE_MAX_BYTES, mediaMessages } from '#shared/media.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { uploadMedia } from '#web/lib/upload-media.ts';

interface KindRules {
  maxBytes: number;
  tooLarge: string;
  wrongType: string;
  hint: string;
  /** The file picker's filter and a first check; the server decides by content. */
  accept: string;
}

const LIMITS: Record<'background' | 'cursor' | 'audio', KindRules> = {
  background: {
    maxBytes: IMAGE_MAX_BYTES,
    tooLarge: mediaMessages.imageTooLarge,
    wrongType: mediaMessages.selectAnImage,
    hint: 'JPG, PNG or WebP up to 5MB; shown at up to 1920 px.',
    accept: 'image/',
  },
  cursor: {
    maxBytes: CURSOR_MAX_BYTES,
    tooLarge: mediaMessages.cursorTooLarge,
    wrongType: mediaMessages.notACursor,
    hint: 'A PNG or ICO up to 512KB; scaled to at most 128 px.',
    accept: 'image/',
  },
  audio: {
    maxBytes: AUDIO_MAX_BYTES,
    tooLarge: mediaMessages.audioTooLarge,
    wrongType: mediaMessages.notAnAudioFile,
    hint: 'MP3, OGG or M4A up to 10MB. Visitors start it themselves; it never plays on its own.',
    accept: 'audio/',
  },
};

interface MediaFieldProps {
  kind: keyof typeof LIMITS;
  label: string;
  value: string;
  /** Save the new address ('' removes it); resolves once saved. */
  onSave: (url: string) => Promise<void>;
  uploadedMessage: string;
  removedMessage: string;
}

/** Upload or remove one file of the look (background image, cursor, music); saved at once. */
export function MediaField({ kind, label, value, onSave, uploadedMessage, removedMessage }: MediaFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const limits = LIMITS[kind];

  const upload = useApiMutation({
    mutationFn: async (file: File) => onSave((await uploadMedia(kind, file, setProgress)).url),
    failure: mediaMessages.processingFailedHint,
    failureTitle: 'Error',
    success: uploadedMessage,
  });
  const removal = useApiMutation({
    mutationFn: () => onSave(''),
    failure: 'Failed to remove the file. Please try again.',
    failureTitle: 'Error',
    success: removedMessage,
  });
  const busy = upload.isPending || removal.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith(limits.accept)) return void toast.error('Error', { description: limits.wrongType });
    if (file.size > limits.maxBytes) return void toast.error('Error', { description: limits.tooLarge });
    setProgress(0);
    void upload.run(file);
  };

  const remove = () => removal.run();

  return (
    <div className="space-y-3 sm:col-span-2">
      <span className="text-sm font-medium text-zinc-300">{label}</span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-20 items-center justify-center overflow-hidden rounded-xl border border-dashed border-border bg-surface">
          {kind === 'audio' ? (
            <Music className={value ? 'size-6 text-primary' : 'size-6 text-muted'} aria-hidden="true" />
          ) : value ? (
            <img src={value} alt={`Current ${label.toLowerCase()}`} className="size-full object-cover" />
          ) : (
            <ImageUp className="size-6 text-muted" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={`${limits.accept}*`}
            className="sr-only"
            onChange={pick}
            aria-label={`Upload ${label.toLowerCase()}`}
          />
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <ImageUp /> {busy ? `Uploading ${progress}%` : value ? 'Replace' : 'Upload'}
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
              <Trash2 /> Remove
            </Button>
          )}
        </div>
      </div>
      <p className="text-xs text-muted">{limits.hint}</p>
    </div>
  );
}
