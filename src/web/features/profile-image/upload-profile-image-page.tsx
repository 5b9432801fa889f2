import { ArrowLeft, ImageUp } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '#web/components/ui/card.tsx';

export function UploadProfileImagePage() {
  return (
    <section className="mx-auto max-w-xl px-4 pb-20 pt-28">
      <Link to="/dashboard" className="inline-flex items-center gap-2 text-sm text-muted hover:text-white">
        <ArrowLeft className="size-4" /> Back to Dashboard
      </Link>
      <Card className="mt-6 flex flex-col items-center gap-3 py-14 text-center">
        <ImageUp className="size-10 text-primary" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Profile picture</h1>
        <p className="max-w-sm text-sm text-muted">Uploading a profile picture arrives in an upcoming release.</p>
      </Card>
    </section>
  );
}
