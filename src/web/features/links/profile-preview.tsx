import '#profile/profile.css';
import type { Link } from '#shared/links.ts';
import { removesBranding } from '#shared/plans.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { ProfileView } from '#profile/profile-view.tsx';

/**
 * The public page as visitors will see it, drawn by the same ProfileView the
 * server renders, so the preview and the page cannot differ.
 */
export function ProfilePreview({ user, links }: { user: CurrentUser; links: Link[] }) {
  return (
    <div className="sticky top-24">
      <p className="mb-3 text-center text-xs font-semibold uppercase tracking-wider text-muted">Live preview</p>
      <div
        className="mx-auto h-[640px] w-[320px] overflow-y-auto rounded-[2.5rem] border-[10px] border-zinc-800 shadow-2xl shadow-primary/20"
        data-testid="profile-preview"
      >
        <ProfileView
          profile={{
            id: user.id,
            username: user.username,
            displayName: user.displayName,
            bio: user.bio,
            profileImage: user.profileImage,
            verified: user.plan === 'business',
            showBranding: !removesBranding(user.plan),
          }}
          links={links.filter((link) => link.isActive)}
          hrefOf={(link) => link.url}
        />
      </div>
    </div>
  );
}
