import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, mediaMessages } from '#shared/media.ts';
import { initialsOf } from '#shared/names.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { uploadMedia } from '#web/lib/upload-media.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { useUnsavedChanges } from '#web/lib/unsaved-changes.ts';
import { useUpdateProfile } from '#web/lib/use-profile-settings.ts';
import { cn } from '#web/lib/utils.ts';
import { useAppWords, useSiteMessages } from '#web/lib/site-words.ts';

const words = {
  choose: /*i18n*/ { id: 'app.avatar.choose', message: 'Choose a profile picture' },
  chooseImage: /*i18n*/ { id: 'app.avatar.chooseImage', message: 'Choose image' },
  uploading: /*i18n*/ { id: 'app.avatar.uploading', message: 'Uploading {progress}%' },
  save: /*i18n*/ { id: 'app.avatar.save', message: 'Save' },
  remove: /*i18n*/ { id: 'app.avatar.remove', message: 'Remove' },
  recommended: /*i18n*/ { id: 'app.avatar.recommended', message: 'Recommended size: 400x400. JPG, PNG, WebP or GIF up to 5MB.' },
  alt: /*i18n*/ { id: 'app.avatar.alt', message: '{name}’s profile picture' },
} as const;

type Status = { kind: 'idle' } | { kind: 'error'; message: string } | { kind: 'success'; message: string };

interface AvatarUploaderProps {
  name: string;
  current: string | null;
  /** Called once a new picture is saved (or removed), with its address. */
  onSaved?: (url: string | null) => void;
  /** Show the status line under the controls (the upload page); the dashboard uses toasts. */
  showStatus?: boolean;
}

/**
 * Pick, preview and save a profile picture (spec 001 §2 "Profile picture upload
 * page", its messages in §5 and §8). The server crops it square, at most
 * 400x400, and re-encodes it; Save is disabled once the picked image is saved.
 */
export function AvatarUploader({ name, current, onSaved, showStatus = true }: AvatarUploaderProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const updateProfile = useUpdateProfile();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // A picture chosen and not saved is not dropped by a tab switch or a reload without asking (issue 51).
  useUnsavedChanges('profile-picture', 'the profile picture you chose', file !== null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return setStatus({ kind: 'error', message: mediaMessages.selectAnImage });
    if (chosen.size > IMAGE_MAX_BYTES) return setStatus({ kind: 'error', message: mediaMessages.imageTooLarge });
    const reader = new FileReader();
    reader.onload = async () => {
      const url = typeof reader.result === 'string' ? reader.result : null;
      // A file that says it is an image but does not decode (damaged, or a format the browser lacks) is refused here, saying so.
      if (!url || !(await decodes(url))) return setStatus({ kind: 'error', message: mediaMessages.cannotDecode });
      setFile(chosen);
      setPreview(url);
      setSaved(false);
      setStatus({ kind: 'idle' });
    };
    reader.onerror = () => setStatus({ kind: 'error', message: mediaMessages.readFailed });
    reader.readAsDataURL(chosen);
  };

  // The status line says what went wrong (the server's words for a refused file), and the picture stays picked.
  const failed = { showFailure: (message: string) => setStatus({ kind: 'error', message }) };
  const upload = useApiMutation({
    mutationFn: (picked: File) => uploadMedia('avatar', picked, setProgress),
    failure: (caught) =>
      (caught instanceof ApiError && caught.status >= 400 && caught.status < 500 && caught.message) || mediaMessages.saveFailed,
  });

  const save = async () => {
    if (!file) return setStatus({ kind: 'error', message: mediaMessages.noImageSelected });
    setBusy(true);
    setProgress(0);
    await upload.run(file, {
      form: failed,
      onSuccess: ({ url }) =>
        updateProfile.run(
          { profileImage: url },
          {
            form: failed,
            success: false,
            onSuccess: () => {
              // The saved picture is the current one now: shown from the server, with Remove beside it.
              setFile(null);
              setPreview(null);
              setSaved(true);
              setStatus({ kind: 'success', message: mediaMessages.profilePictureUpdated });
              onSaved?.(url);
            },
          },
        ),
    });
    setBusy(false);
  };

  const remove = async () => {
    setBusy(true);
    await updateProfile.run(
      { profileImage: null },
      {
        form: { showFailure: () => setStatus({ kind: 'error', message: mediaMessages.saveFailed }) },
        success: false,
        onSuccess: () => {
          setFile(null);
          setPreview(null);
          setStatus({ kind: 'idle' });
          onSaved?.(null);
        },
      },
    );
    setBusy(false);
  };

  const shown = preview ?? current;
  const t = useAppWords();
  const say = useSiteMessages();
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div
        className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-primary to-secondary text-3xl font-extrabold text-white ring-4 ring-primary/30"
        data-testid="avatar-preview"
      >
        {/* Keyed by address: a picture that failed to load never hides the next one. */}
        {shown ? (
          <AvatarImage key={shown} src={shown} name={name} />
        ) : (
          <span aria-hidden="true" translate="no">
            {initialsOf(name)}
          </span>
        )}
      </div>
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <input ref={input} id={inputId} type="file" accept="image/*" className="sr-only" onChange={pick} aria-label={t(words.choose)} />
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} disabled={busy}>
            <ImageUp /> {t(words.chooseImage)}
          </Button>
          <Button type="button" size="sm" onClick={save} disabled={busy || saved || !file}>
            {busy && progress < 100 && file ? t(words.uploading, { progress }) : t(words.save)}
          </Button>
          {current && !preview && (
            <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={busy}>
              <Trash2 /> {t(words.remove)}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted">{t(words.recommended)}</p>
        {showStatus && status.kind !== 'idle' && (
          <p
            role={status.kind === 'error' ? 'alert' : 'status'}
            className={cn('text-sm', status.kind === 'error' ? 'text-red-400' : 'text-emerald-400')}
          >
            {say(status.message)}
          </p>
        )}
        {!showStatus && status.kind === 'error' && (
          <p role="alert" className="text-sm text-red-400">
            {say(status.message)}
          </p>
        )}
      </div>
    </div>
  );
}

/** Whether the browser can draw the image at this address. */
function decodes(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0);
    image.onerror = () => resolve(false);
    image.src = url;
  });
}

/** A broken picture falls back to the initials (spec 001 §8). */
function AvatarImage({ src, name }: { src: string; name: string }) {
  const [broken, setBroken] = useState(false);
  const t = useAppWords();
  if (broken)
    return (
      <span aria-hidden="true" translate="no">
        {initialsOf(name)}
      </span>
    );
  return <img src={src} alt={t(words.alt, { name })} className="size-full object-cover" onError={() => setBroken(true)} />;
}
