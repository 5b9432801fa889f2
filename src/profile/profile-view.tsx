import { MapPin, Share2 } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import type { Translate } from '#shared/i18n/translate.ts';
import { directionOf, formattingLocaleOf, spokenLanguageOf } from '#shared/i18n/languages.ts';
import { SOCIAL_ICONS, linkBackground, linkDestinationOf, linkSolidColor } from '#shared/links.ts';
import { initialsOf } from '#shared/names.ts';
import { textPartsOf } from '#shared/blocks.ts';
import { EMBED_PROVIDER_RULES, embedTargetOf } from '#shared/embeds.ts';
import { CONTENT_WARNING_LABELS, type ContentWarning } from '#shared/content-warning.ts';
import type { PublicItem, PublicLink, PublicPage } from '#shared/profile.types.ts';
import { LinkIcon } from './link-icon.tsx';
import { profileDataOf, profileStyleOf, usesLinkSolidColor } from './profile-style.ts';
import { profileWords as words } from './profile-words.ts';

export interface ProfileViewProps {
  page: PublicPage;
  /**
   * Where a link button, or the n-th address of a text block (`part`), points:
   * /go/{id} on the public page, the URL itself in the preview; undefined for
   * links that open nothing (the made-up examples).
   */
  hrefOf: (target: { id: number; url: string; part?: number }) => string | undefined;
  /**
   * The public page is its own document: its content is the `main` landmark.
   * Inside the dashboard (which has its own main) the preview is a region.
   */
  embedded?: boolean;
  /** Where the email sign-up form posts (the public page); without it the form is drawn but cannot be sent (the preview). */
  signupAction?: string;
  /** The public page's share button goes here (its share page, which works without script); none in the preview and the examples. */
  shareHref?: string;
  /** The page's own words in its language (issue 54): the server's translator for `page.profile.language`, English in the dashboard. */
  t: Translate;
}

/**
 * With social icons on, the links that asked for it show as round icons under
 * the bio; the other links, and the blocks, in the page's list.
 */
function splitLinks({ items, links, customization }: PublicPage): { socials: PublicLink[]; listed: PublicItem[] } {
  const socials = customization.showSocialIcons ? links.filter((link) => link.showAsIcon && SOCIAL_ICONS.has(link.icon)) : [];
  return { socials, listed: socials.length > 0 ? items.filter((item) => !socials.some((link) => link.id === item.id)) : items };
}

/** Consecutive links as one list, each block on its own: the page's list in the runs it is drawn in. */
function runsOf(items: readonly PublicItem[]): Array<PublicLink[] | Exclude<PublicItem, PublicLink>> {
  const runs: Array<PublicLink[] | Exclude<PublicItem, PublicLink>> = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (item.type !== 'link') runs.push(item);
    else if (Array.isArray(last)) last.push(item);
    else runs.push([item]);
  }
  return runs;
}

/**
 * The root's data attributes: the look's choices, and the parts this page has.
 * They select the rules of profile-options.css; the server inlines only those.
 */
export function pageDataOf(page: PublicPage): Record<`data-${string}`, string | undefined> {
  const { profile, customization: c } = page;
  const { socials, listed } = splitLinks(page);
  const on = (value: unknown) => (value ? '' : undefined);
  return {
    ...profileDataOf(c),
    'data-verified': on(profile.verified),
    'data-location': on(c.location),
    'data-activity': on(profile.updatedAt),
    'data-views': on(profile.views),
    'data-new': on(listed.some((item) => item.type === 'link' && item.isNew)),
    'data-warned': on(listed.some((item) => item.type === 'link' && item.contentWarning)),
    'data-thumbnails': on(listed.some((item) => item.type === 'link' && item.thumbnail)),
    'data-socials': on(socials.length > 0),
    'data-blocks': on(listed.some((item) => item.type !== 'link')),
    'data-embeds': on(listed.some((item) => item.type === 'embed')),
    'data-empty': on(page.items.length === 0),
    'data-music': on(c.audioFile),
    // Volume control off: the effects script swaps the browser's player for a play button (the player stays without script).
    'data-fixed-volume': on(c.audioFile && !c.volumeControl),
    'data-discord': on(showsDiscord(page)),
    'data-signup': on(profile.signup),
  };
}

const discordStatuses = new WeakMap<Translate, string>();

/** The Discord card's words for the effects script, as JSON: each status, and the card's name with it (once per translator). */
function discordStatusesIn(t: Translate): string {
  let statuses = discordStatuses.get(t);
  if (statuses === undefined) {
    const messages = { online: words.discordOnline, idle: words.discordIdle, dnd: words.discordBusy, offline: words.discordOffline };
    statuses = JSON.stringify(
      Object.fromEntries(
        Object.entries(messages).map(([status, message]) => [status, [t(message), t(words.discord, { status: t(message) })]]),
      ),
    );
    discordStatuses.set(t, statuses);
  }
  return statuses;
}

/** Whether the page has a Discord presence card (filled by the effects script). */
export function showsDiscord({ customization }: PublicPage): boolean {
  return customization.discordPresence && customization.discordUserId !== '';
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day in the page's language, the same on the server and in the preview: '3 Nov 2026', '3 de nov. de 2026'. */
function formatDay(iso: string, language: string): string {
  let format = dayFormats.get(language);
  if (!format) {
    // English keeps the day-first form it always had; every other language its own.
    format = new Intl.DateTimeFormat(formattingLocaleOf(spokenLanguageOf(language)), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dayFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

/** A warning's pill in the page's words: '18+' is the same everywhere. */
export function warningLabelOf(warning: ContentWarning, t: Translate): string {
  return warning === 'sensitive' ? t(words.sensitive) : CONTENT_WARNING_LABELS[warning];
}

/** `t(message, { [name]: element })` with an element in it: the words around it in the language's order. */
function withElement(t: Translate, message: Parameters<Translate>[0], name: string, element: ReactNode): ReactNode {
  const [before = '', after = ''] = t(message, { [name]: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

/**
 * The public profile (spec 001 §2 "Public profile page") with its customization
 * (spec 000 §3, the full set). Rendered to HTML on the server and inside the
 * dashboard's live preview, so the two cannot differ. It uses no hooks and no
 * script: it works with JavaScript disabled, and every effect here is CSS.
 */
/**
 * A link out (a new tab, no opener, no referrer), or, for a made-up example's
 * link that opens nothing, the same box as plain text: not a link that goes
 * nowhere. An icon-only link is named by `label`.
 */
function Outbound(props: {
  className: string;
  href: string | undefined;
  style: CSSProperties;
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  const { className, href, style, label, title, children } = props;
  if (href === undefined)
    return (
      <span className={className} style={style} title={title}>
        {children}
      </span>
    );
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" aria-label={label} title={title} style={style}>
      {children}
    </a>
  );
}

/** A text block's words, each address in them a link out (through /go on the public page). */
function TextParts({ id, text, hrefOf }: { id: number; text: string; hrefOf: ProfileViewProps['hrefOf'] }) {
  let part = 0;
  return textPartsOf(text).map((run, index) => {
    if (run.url === undefined) return run.text;
    const href = hrefOf({ id, url: run.url, part: part++ });
    return href === undefined ? (
      run.text
    ) : (
      <a key={index} href={href} target="_blank" rel="noopener noreferrer">
        {run.text}
      </a>
    );
  });
}

/**
 * An embed (issue 30) as a placeholder: the provider's title and picture, kept
 * by this server, so that nothing is asked of the provider before the visitor
 * presses it. Then the page's script swaps in the provider's player
 * (`data-player`); without script it is a link to the video.
 */
function EmbedPlaceholder({ item, href, t }: { item: Extract<PublicItem, { type: 'embed' }>; href: string | undefined; t: Translate }) {
  const target = embedTargetOf(item.url);
  const provider = EMBED_PROVIDER_RULES[item.provider].name;
  const title = item.title || t(target?.shape.kind === 'audio' ? words.providerPlayer : words.providerVideo, { provider });
  const audio = target?.shape.kind === 'audio' ? target.shape : undefined;
  const content = (
    <>
      {item.thumbnail && (
        <img className="lv-embed-picture" src={item.thumbnail} alt="" loading="lazy" width={audio ? 80 : 480} height={audio ? 80 : 270} />
      )}
      <span className="lv-embed-play" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
        </svg>
      </span>
      <span className="lv-embed-caption">
        <span className="lv-embed-title" dir="auto">
          {title}
        </span>
        <span className="lv-embed-provider">{provider}</span>
      </span>
    </>
  );
  return (
    <div
      className="lv-embed"
      data-shape={audio ? 'audio' : 'video'}
      style={audio ? ({ '--lv-embed-height': `${audio.height}px` } as CSSProperties) : undefined}
    >
      {href === undefined || !target ? (
        <span className="lv-embed-open">{content}</span>
      ) : (
        <a
          className="lv-embed-open"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-player={target.player}
          aria-label={t(words.play, { title, provider })}
        >
          {content}
        </a>
      )}
    </div>
  );
}

export function ProfileView({ page, hrefOf, embedded = false, shareHref, signupAction, t }: ProfileViewProps) {
  const { profile, customization: c, customCss } = page;
  const name = profile.displayName || profile.username;
  // Embedded (the dashboard's preview), a named section: its header is the card's, never the page's banner.
  const Content = embedded ? 'section' : 'main';
  const linkStyle = (link: PublicLink) =>
    ({
      '--lv-link': linkBackground(link.color),
      ...(usesLinkSolidColor(c) && { '--lv-link-solid': linkSolidColor(link.color) }),
    }) as CSSProperties;

  // The initials lie under the picture: a picture that fails to load leaves them showing
  // (spec 001 §8), with no script. The name is the heading next to it, so the picture is decoration.
  const avatar = c.showProfileImage && (
    <div className="lv-avatar" aria-hidden="true">
      <span>{initialsOf(name)}</span>
      {profile.profileImage && <img src={profile.profileImage} alt="" width={c.profileImageSize} height={c.profileImageSize} />}
    </div>
  );
  // Isolated, so that '@' stays before the name on a right-to-left page too.
  const username = c.showUsername && (
    <p className="lv-username">
      <bdi>@{profile.username}</bdi>
    </p>
  );
  // What the creator wrote reads in its own direction, whatever the page's language (dir="auto").
  const bio = c.showBio && profile.bio && (
    <p className="lv-bio" dir="auto">
      {profile.bio}
    </p>
  );
  const location = c.location && (
    <p className="lv-location">
      <MapPin size={14} strokeWidth={2.25} aria-hidden="true" focusable="false" />
      <span dir="auto">{c.location}</span>
    </p>
  );
  const { socials, listed } = splitLinks(page);
  const socialRow = socials.length > 0 && (
    <ul className="lv-socials">
      {socials.map((link) => (
        <li key={link.id}>
          <Outbound className="lv-social" href={hrefOf(link)} label={link.title} title={link.title} style={linkStyle(link)}>
            <LinkIcon icon={link.icon} customIcon={link.customIcon} size={20} />
          </Outbound>
        </li>
      ))}
    </ul>
  );
  const buttonList = (links: readonly PublicLink[]) => (
    <ul className="lv-links" key={`links-${links[0]!.id}`}>
      {links.map((link) => (
        <li key={link.id}>
          <Outbound className="lv-link" href={hrefOf(link)} style={linkStyle(link)}>
            {link.thumbnail ? (
              // The link's own picture (issue 30), where its icon would be.
              <img className="lv-link-thumbnail" src={link.thumbnail} alt="" width={40} height={40} loading="lazy" />
            ) : (
              <span className="lv-link-icon" aria-hidden="true">
                <LinkIcon icon={link.icon} customIcon={link.customIcon} />
              </span>
            )}
            <span className="lv-link-title" dir="auto">
              {link.title}
            </span>
            {c.profileLayout === 'magazine' && <span className="lv-link-destination">{linkDestinationOf(link.url)}</span>}
            {link.contentWarning ? (
              // A marked link (issue 30) says so on its button; its warning comes before the redirect.
              <span className="lv-warn">
                <bdi>{warningLabelOf(link.contentWarning, t)}</bdi>
              </span>
            ) : (
              link.isNew && <span className="lv-new">{t(words.newLink)}</span>
            )}
          </Outbound>
        </li>
      ))}
    </ul>
  );
  const block = (item: Exclude<PublicItem, PublicLink>) => {
    switch (item.type) {
      case 'header':
        return (
          <h2 className="lv-section" key={item.id} dir="auto">
            {item.title}
          </h2>
        );
      case 'text':
        return (
          <p className="lv-text" key={item.id} dir="auto">
            <TextParts id={item.id} text={item.text} hrefOf={hrefOf} />
          </p>
        );
      case 'divider':
        return <hr className="lv-divider" key={item.id} />;
      case 'embed':
        return <EmbedPlaceholder key={item.id} item={item} href={hrefOf(item)} t={t} />;
    }
  };
  const runs = runsOf(listed);
  const linkList: ReactNode =
    listed.length === 0 ? (
      socials.length > 0 ? null : (
        <div className="lv-empty">
          <p className="lv-empty-title">{t(words.noLinks)}</p>
          <p className="lv-empty-hint">{t(words.noLinksHint)}</p>
        </div>
      )
    ) : runs.length === 1 && Array.isArray(runs[0]) ? (
      // Links alone: the one list, as every page had it before blocks.
      buttonList(runs[0])
    ) : (
      <div className="lv-items">{runs.map((run) => (Array.isArray(run) ? buttonList(run) : block(run)))}</div>
    );

  return (
    <div
      className="lv-page"
      style={profileStyleOf(c)}
      {...pageDataOf(page)}
      // Embedded in the dashboard, the page says its language here; on its own, <html lang dir> says it.
      {...(embedded ? { lang: profile.language, dir: directionOf(profile.language) } : {})}
    >
      <div className="lv-backdrop" aria-hidden="true" />
      {customCss && <style dangerouslySetInnerHTML={{ __html: customCss }} />}
      {shareHref && (
        <nav aria-label={t(words.shareNav)}>
          <a className="lv-share" href={shareHref} aria-label={t(words.share)}>
            <Share2 size={18} strokeWidth={2.25} aria-hidden="true" focusable="false" />
          </a>
        </nav>
      )}
      <Content className="lv-profile" {...(embedded ? { 'aria-label': t(words.profileOf, { name }) } : {})}>
        <div className="lv-card">
          <header className="lv-header">
            {avatar}
            <div className="lv-identity">
              {c.usernamePosition === 'above-name' && username}
              <h1 className="lv-name">
                <span className="lv-name-text" dir="auto">
                  {name}
                </span>
                {profile.verified && (
                  <span className="lv-verified" title={t(words.verified)} aria-label={t(words.verified)}>
                    ✓
                  </span>
                )}
              </h1>
              {c.usernamePosition === 'below-name' && username}
              {location}
              {profile.updatedAt && (
                <p className="lv-activity">{t(words.updated, { date: formatDay(profile.updatedAt, profile.language) })}</p>
              )}
              {profile.views !== null && <p className="lv-views">{t(words.views, { count: profile.views })}</p>}
            </div>
            {c.bioPosition === 'above-links' && bio}
            {socialRow}
            {showsDiscord(page) && (
              // Filled and refreshed by the page's effects script from this site's own API; stays hidden without it.
              <div
                className="lv-discord"
                data-discord-for={profile.username}
                data-statuses={discordStatusesIn(t)}
                aria-live="polite"
                hidden
              />
            )}
          </header>
          {linkList}
          {c.bioPosition === 'below-links' && bio}
          {profile.signup && (
            // A plain form: it works without script, and the answer is a page of its own.
            <form className="lv-signup" method="post" action={signupAction} aria-label={t(words.signupFrom, { name })}>
              <label className="lv-signup-label" htmlFor="lv-signup-email">
                {t(words.signupLabel)}
              </label>
              <div className="lv-signup-row">
                <input
                  id="lv-signup-email"
                  className="lv-signup-email"
                  type="email"
                  name="email"
                  required
                  autoComplete="email"
                  placeholder={t(words.signupPlaceholder)}
                  disabled={!signupAction}
                />
                <button type="submit" className="lv-signup-button" disabled={!signupAction}>
                  {t(words.signupButton)}
                </button>
              </div>
              {/* People never see this field; a bot that fills every field gives itself away. */}
              <div hidden>
                <label>
                  {t(words.signupTrap)}
                  <input name="website" tabIndex={-1} autoComplete="off" />
                </label>
              </div>
              <p className="lv-signup-consent" dir="auto">
                {profile.signup.consent}
              </p>
            </form>
          )}
          {c.audioFile && (
            <div className="lv-music">
              <span className="lv-music-label" aria-hidden="true">
                ♪ {t(words.music)}
              </span>
              {/* The browser's own player: it never starts before the visitor presses play, and has its volume control. */}
              <audio
                controls
                preload="none"
                src={c.audioFile}
                controlsList="nodownload"
                aria-label={t(words.musicOf, { name })}
                data-play={`▶ ${t(words.playMusic)}`}
                data-pause={`❚❚ ${t(words.pauseMusic)}`}
              />
            </div>
          )}
        </div>
      </Content>
      {profile.showBranding && (
        <footer className="lv-footer">
          <a href="/">{withElement(t, words.poweredBy, 'product', <strong>Linkverse</strong>)}</a>
        </footer>
      )}
    </div>
  );
}
