import { type ChangeEvent, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { type MediaKind, mediaMessages } from '#shared/media.ts';
import { ApiError } from '#web/lib/api.ts';
import { uploadMedia } from '#web/lib/upload-media.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';

/**
 * A link image's file input (a custom icon, a thumbnail): the server's type and
 * size rules checked first to save a round trip, the upload's progress, and
 * what went wrong said in a toast. `onUploaded` gets the stored address.
 */
export function useImageUpload(kind: MediaKind, limit: { maxBytes: number; tooLargeMessage: string }, onUploaded: (url: string) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useApiMutation({
    mutationFn: (file: File) => uploadMedia(kind, file, setProgress),
    failure: (caught) =>
      caught instanceof ApiError && caught.status > 0 && caught.code !== 'image_processing_failed'
        ? caught.message
        : { title: mediaMessages.processingFailed, description: mediaMessages.processingFailedHint },
  });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return void toast.error(mediaMessages.notAnImage);
    if (file.size > limit.maxBytes) return void toast.error(limit.tooLargeMessage);
    setProgress(0);
    await upload.run(file, { onSuccess: ({ url }) => onUploaded(url) });
    setProgress(null);
  };
  return { progress, onFile };
}
