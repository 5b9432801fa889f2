import type { CSSProperties, ReactNode } from 'react';
import { linkBackground, linkSolidColor } from '#shared/links.ts';
import { initialsOf } from '#shared/names.ts';
import { type PublicLink, type PublicPage, profileMessages } from '#shared/profile.types.ts';
import { LinkIcon } from './link-icon.tsx';
import { profileDataOf, profileStyleOf } from './profile-style.ts';

export interface ProfileViewProps {
  page: PublicPage;
  /** Where a link button points: /go/{id} on the public page, the URL itself in the preview. */
  hrefOf: (link: PublicLink) => string;
  /**
   * The public page is its own document: its content is the `main` landmark.
   * Inside the dashboard (which has its own main) the preview is a region.
   */
  embedded?: boolean;
}

/**
 * The public profile (spec 001 §2 "Public profile page") with its customization
 * (spec 000 §3, the full set). Rendered to HTML on the server and inside the
 * dashboard's live preview, so the two cannot differ. It uses no hooks and no
 * script: it works with JavaScript disabled, and every effect here is CSS.
 */
export function ProfileView({ page, hrefOf, embedded = false }: ProfileViewProps) {
  const { profile, links, customization: c, customCss } = page;
  const name = profile.displayName || profile.username;
  const Content = embedded ? 'div' : 'main';

  const avatar = c.showProfileImage && (
    <div className="lv-avatar" aria-hidden={profile.profileImage ? undefined : true}>
      {profile.profileImage ? (
        <img src={profile.profileImage} alt={name} width={c.profileImageSize} height={c.profileImageSize} />
      ) : (
        <span>{initialsOf(name)}</span>
      )}
    </div>
  );
  const username = c.showUsername && <p className="lv-username">@{profile.username}</p>;
  const bio = c.showBio && profile.bio && <p className="lv-bio">{profile.bio}</p>;
  const location = c.location && (
    <p className="lv-location">
      <span aria-hidden="true">📍 </span>
      {c.location}
    </p>
  );
  const linkList: ReactNode =
    links.length > 0 ? (
      <ul className="lv-links">
        {links.map((link) => (
          <li key={link.id}>
            <a
              className="lv-link"
              href={hrefOf(link)}
              target="_blank"
              rel="noopener noreferrer"
              style={{ '--lv-link': linkBackground(link.color), '--lv-link-solid': linkSolidColor(link.color) } as CSSProperties}
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
    );

  return (
    <div className="lv-page" style={profileStyleOf(c)} {...profileDataOf(c)}>
      <div className="lv-backdrop" aria-hidden="true" />
      {customCss && <style dangerouslySetInnerHTML={{ __html: customCss }} />}
      <Content className="lv-profile" {...(embedded ? { role: 'region', 'aria-label': `${name}'s profile` } : {})}>
        <div className="lv-card">
          <header className="lv-header">
            {avatar}
            <div className="lv-identity">
              {c.usernamePosition === 'above-name' && username}
              <h1 className="lv-name">
                <span className="lv-name-text">{name}</span>
                {profile.verified && (
                  <span className="lv-verified" title="Verified" aria-label="Verified">
                    ✓
                  </span>
                )}
              </h1>
              {c.usernamePosition === 'below-name' && username}
              {location}
            </div>
            {c.bioPosition === 'above-links' && bio}
          </header>
          {linkList}
          {c.bioPosition === 'below-links' && bio}
        </div>
      </Content>
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
