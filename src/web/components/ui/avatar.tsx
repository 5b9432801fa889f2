import { useState } from 'react';
import { initialsOf } from '#shared/names.ts';
import { cn } from '#web/lib/utils.ts';

interface AvatarProps {
  name: string;
  src?: string | null;
  className?: string;
}

/** The profile image, or the name's two initials when there is none or it fails to load. */
export function Avatar({ name, src, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  return (
    // Someone's own picture or initials: never translated.
    <span
      translate="no"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-primary to-secondary text-sm font-bold text-white',
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  );
}
