import { ImagePlus, X } from 'lucide-react';
import { useRef } from 'react';
import { IMAGE_MAX_BYTES, THUMBNAIL_SIZE, mediaMessages } from '#shared/media.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useImageUpload } from './use-image-upload.ts';

/** A link's thumbnail (issue 30): upload a picture, shown on the button instead of the icon, or take it away. */
export function ThumbnailPicker({ thumbnail, onChange }: { thumbnail: string | null; onChange: (thumbnail: string | null) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { progress, onFile } = useImageUpload(
    'thumbnail',
    { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: mediaMessages.imageTooLarge },
    onChange,
  );

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border/70 px-4 py-3">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed border-zinc-600">
          {thumbnail ? (
            <img src={thumbnail} alt="" className="size-full object-cover" data-testid="thumbnail-preview" />
          ) : (
            <ImagePlus className="size-5 text-zinc-400" aria-hidden="true" />
          )}
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-zinc-200">Thumbnail</p>
          <p className="text-xs text-muted" role={progress !== null ? 'status' : undefined}>
            {progress !== null
              ? `Uploading… ${progress}%`
              : `A picture on the button instead of the icon, cropped square to ${THUMBNAIL_SIZE} px. Up to 5 MB.`}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        {thumbnail && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)} disabled={progress !== null}>
            <X /> Remove
          </Button>
        )}
        <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={progress !== null}>
          {thumbnail ? 'Replace' : 'Upload'}
        </Button>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="sr-only"
        aria-label="Thumbnail file"
        data-testid="thumbnail-file-input"
        onChange={(event) => void onFile(event)}
      />
    </div>
  );
}
