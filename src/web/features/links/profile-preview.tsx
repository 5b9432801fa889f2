import '#profile/profile.css';
import type { Link } from '#shared/links.ts';
import { toPublicProfile } from '#shared/profile.types.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { ProfileView } from '#profile/profile-view.tsx';

/**
 * The public page as visitors will see it: the same toPublicProfile mapping and
 * the same ProfileView the server renders, so the preview and the page cannot differ.
 */
export function ProfilePreview({ user, links }: { user: CurrentUser; links: Link[] }) {
  const page = toPublicProfile(user, links);
  return (
    <div className="sticky top-24">
      <p className="mb-3 text-center text-xs font-semibold uppercase tracking-wider text-muted">Live preview</p>
      <div
        className="mx-auto h-[640px] w-[320px] overflow-y-auto rounded-[2.5rem] border-[10px] border-zinc-800 shadow-2xl shadow-primary/20"
        data-testid="profile-preview"
      >
        <ProfileView profile={page.profile} links={page.links} hrefOf={(link) => link.url} />
      </div>
    </div>
  );
}
