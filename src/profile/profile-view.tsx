import { linkBackground } from '#shared/links.ts';
import { initialsOf } from '#shared/names.ts';
import { type PublicLink, type PublicProfile, profileMessages } from '#shared/profile.types.ts';
import { LinkIcon } from './link-icon.tsx';

export interface ProfileViewProps {
  profile: PublicProfile;
  links: PublicLink[];
  /** Where a link button points: /go/{id} on the public page, the URL itself in the preview. */
  hrefOf: (link: PublicLink) => string;
}

/**
 * The public profile (spec 001 §2 "Public profile page"). Rendered to HTML on
 * the server and inside the dashboard's live preview, so the two cannot differ.
 * It uses no hooks and no script: it works with JavaScript disabled.
 */
export function ProfileView({ profile, links, hrefOf }: ProfileViewProps) {
  const name = profile.displayName || profile.username;
  return (
    <div className="lv-page">
      <main className="lv-card">
        <header className="lv-header">
          <div className="lv-avatar" aria-hidden={profile.profileImage ? undefined : true}>
            {profile.profileImage ? (
              <img src={profile.profileImage} alt={name} width={112} height={112} />
            ) : (
              <span>{initialsOf(name)}</span>
            )}
          </div>
          <h1 className="lv-name">
            {name}
            {profile.verified && (
              <span className="lv-verified" title="Verified" aria-label="Verified">
                ✓
              </span>
            )}
          </h1>
          <p className="lv-username">@{profile.username}</p>
          {profile.bio && <p className="lv-bio">{profile.bio}</p>}
        </header>
        {links.length > 0 ? (
          <ul className="lv-links">
            {links.map((link) => (
              <li key={link.id}>
                <a
                  className="lv-link"
                  href={hrefOf(link)}
                  target="_blank"
                  rel="noopener noreferrer"
                  style={{ background: linkBackground(link.color) }}
                >
                  <span className="lv-link-icon" aria-hidden="true">
                    <LinkIcon icon={link.icon} customIcon={link.customIcon} />
                  </span>
                  <span className="lv-link-title">{link.title}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <div className="lv-empty">
            <p className="lv-empty-title">{profileMessages.noLinks}</p>
            <p className="lv-empty-hint">{profileMessages.noLinksHint}</p>
          </div>
        )}
      </main>
      {profile.showBranding && (
        <footer className="lv-footer">
          <a href="/">
            Powered by <strong>Linkverse</strong>
          </a>
        </footer>
      )}
    </div>
  );
}
