import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/user.types.ts';
import { Card } from '#web/components/ui/card.tsx';
import { AvatarUploader } from '#web/components/avatar-uploader.tsx';

/** /upload-profile-image (spec 001 §2): pick, preview and save a profile picture. */
export function UploadProfileImagePage({ user }: { user: CurrentUser }) {
  return (
    <section className="mx-auto max-w-xl px-4 pb-20 pt-28">
      <Link to="/dashboard" className="inline-flex items-center gap-2 text-sm text-zinc-300 hover:text-white">
        <ArrowLeft className="size-4 rtl:-scale-x-100" /> Back to Dashboard
      </Link>
      <Card className="mt-6">
        <h1 className="text-xl font-semibold">Profile picture</h1>
        <p className="mt-1 text-sm text-muted">It shows on your public page, in the dashboard and when your page is shared.</p>
        <div className="mt-6">
          <AvatarUploader name={user.displayName || user.username} current={user.profileImage} />
        </div>
      </Card>
    </section>
  );
}
