import { serviceLookOf } from '#shared/link-brands.ts';
import { createHash } from 'node:crypto';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { LittleLinkFacts } from '../media/littlelink-html.ts';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { checkEmbedAddress } from '#shared/embeds.ts';
import { LINK_ICONS, type LinkIconId, SOCIAL_ICONS } from '#shared/links.ts';
import {
  type ImportPreview,
  type ImportPreviewInput,
  PAGE_FILE_FORMAT,
  PAGE_FILE_VERSION,
  type PageFile,
  type PageFileItem,
  pageFileItemSchema,
  pageItemLabel,
  pageTransferMessages as messages,
} from '#shared/page-transfer.ts';
import type { AppConfig } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { fetchBounded } from '../http/outbound.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { readInWorker } from './read-in-worker.ts';
import { mediaUrl } from '../media/media.repository.ts';

// Imports from the other link-in-bio services (issue 32), best-effort and
// said to be: each reader turns what the other site gives (a Linktree page's
// embedded data, a LinkStack export, a LittleLink index.html) into a page
// file, and says what it could not bring over. Nothing is saved here: the
// creator sees the preview, unticks what they do not want, and imports.

/** What a reader found, before each item is checked by the page file's own rules. */
interface Draft {
  displayName?: string;
  bio?: string;
  /** The picture's bytes as the other site gave them. */
  picture?: Buffer;
  items: Record<string, unknown>[];
  notes: string[];
}

/** The networks' names the other sites use, to our icons ('X' and 'EMAIL_ADDRESS' among them). */
const NETWORK_ALIASES: Record<string, LinkIconId> = {
  x: 'twitter',
  email: 'mail',
  email_address: 'mail',
  'default email': 'mail',
  mail: 'mail',
};

function iconOfNetwork(name: string): LinkIconId | undefined {
  const key = name.trim().toLowerCase().replace(/_alt$/, '');
  if (NETWORK_ALIASES[key]) return NETWORK_ALIASES[key];
  return LINK_ICONS.find((icon) => icon.id === key)?.id;
}

/** A network's link, shown as a round icon under the bio when it is one of ours. */
function networkItem(name: string, url: string): Record<string, unknown> {
  const icon = iconOfNetwork(name);
  const title = icon
    ? LINK_ICONS.find((entry) => entry.id === icon)!.name
    : name
        .replace(/_/g, ' ')
        .toLowerCase()
        .replace(/^\w/, (c) => c.toUpperCase());
  return { type: 'link', title, url, icon: icon ?? 'social', showAsIcon: icon !== undefined && SOCIAL_ICONS.has(icon) };
}

/** A title for a link that has none: its address's host. */
function titleOf(title: unknown, url: string): string {
  if (typeof title === 'string' && title.trim()) return title.trim();
  return URL.parse(url)?.hostname.replace(/^www\./, '') || url;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Words of a bit of HTML, its tags taken out and its entities read. */
function wordsOf(html: string): string {
  const document = parseDocument(html);
  // A script's or a style's text is not words of the page.
  for (const element of DomUtils.findAll((node) => node.name === 'script' || node.name === 'style', document.children)) {
    DomUtils.removeElement(element);
  }
  return DomUtils.textContent(document).replace(/\s+/g, ' ').trim();
}

/** Cut to a field's length at a word, and said. */
function clip(value: string, limit: number, what: string, notes: string[]): string {
  if (value.length <= limit) return value;
  notes.push(messages.cut(what, limit));
  const cut = value.slice(0, limit - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > limit / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

// ---------------------------------------------------------------- Linktree

/** A Linktree page address's username: https://linktr.ee/{name} (www. and a trailing slash allowed). */
export function linktreeUsernameOf(address: string): string | undefined {
  const url = URL.parse(/^[a-z]+:/i.test(address) ? address : `https://${address}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !/^(www\.)?linktr\.ee$/i.test(url.hostname)) return undefined;
  return /^\/([A-Za-z0-9._-]{1,64})\/?$/.exec(url.pathname)?.[1];
}

interface LinktreeLink {
  type?: unknown;
  title?: unknown;
  url?: unknown;
  position?: unknown;
  locked?: unknown;
  rules?: { gate?: { age?: unknown } } | null;
}

/** Linktree's kinds of link that are a video or a track, which become embeds when the address is one. */
const LINKTREE_MEDIA_TYPES = new Set(['YOUTUBE_VIDEO', 'VIDEO', 'MUSIC', 'SPOTIFY', 'SOUNDCLOUD', 'VIMEO', 'EMBEDDED_VIDEO']);

/**
 * A Linktree page's own data, as the page embeds it for its script
 * (`<script id="__NEXT_DATA__">` → `props.pageProps`, the structure open
 * scrapers document): the account's title, description and picture, its
 * links in order, its social icons.
 */
export function readLinktreePage(html: string): Draft & { pictureUrl?: string } {
  const document = parseDocument(html);
  const script = DomUtils.findOne(
    (element) => element.name === 'script' && element.attribs.id === '__NEXT_DATA__',
    document.children,
    true,
  );
  let data: unknown;
  try {
    data = script ? JSON.parse(DomUtils.textContent(script)) : undefined;
  } catch {
    data = undefined;
  }
  const pageProps = (data as { props?: { pageProps?: Record<string, unknown> } } | undefined)?.props?.pageProps;
  const account = (pageProps?.account ?? {}) as Record<string, unknown>;
  const links = (Array.isArray(account.links) ? account.links : pageProps?.links) as LinktreeLink[] | undefined;
  const socials = (Array.isArray(account.socialLinks) ? account.socialLinks : pageProps?.socialLinks) as unknown;
  if (!pageProps || !Array.isArray(links)) throw new AppError(400, 'validation_failed', messages.linktreeNoData);

  const notes: string[] = [];
  const items: Record<string, unknown>[] = [];
  const ordered = links
    .filter((link): link is LinktreeLink => typeof link === 'object' && link !== null)
    .map((link, index) => ({ link, order: typeof link.position === 'number' ? link.position : index }))
    .sort((a, b) => a.order - b.order)
    .map(({ link }) => link);
  for (const link of ordered) {
    const type = text(link.type).toUpperCase() || 'CLASSIC';
    const title = text(link.title).trim();
    const url = text(link.url).trim();
    const label = pageItemLabel({ type: 'link', title });
    if (type === 'HEADER') {
      items.push({ type: 'header', title });
      continue;
    }
    if (!url) {
      notes.push(messages.notMapped(label, `a Linktree ${type.toLowerCase().replace(/_/g, ' ')} has no address to link to`));
      continue;
    }
    const embed = LINKTREE_MEDIA_TYPES.has(type) ? checkEmbedAddress(url) : undefined;
    if (embed?.ok) {
      items.push({ type: 'embed', url, title });
      continue;
    }
    const item: Record<string, unknown> = { type: 'link', title: titleOf(title, url), url };
    if (link.rules?.gate?.age) {
      item.contentWarning = '18';
      notes.push(messages.ageGate(label));
    }
    if (type !== 'CLASSIC') notes.push(messages.plainLink(label, type.toLowerCase().replace(/_/g, ' ')));
    items.push(item);
  }
  if (Array.isArray(socials)) {
    for (const social of socials as { type?: unknown; url?: unknown }[]) {
      if (text(social?.url)) items.push(networkItem(text(social.type) || 'social', text(social.url)));
    }
  }
  if (pageProps.theme || account.theme) notes.push(messages.lookNotMapped);
  const pictureUrl = text(account.profilePictureUrl) || text(pageProps.profilePictureUrl) || undefined;
  return {
    displayName: text(account.pageTitle) || text(pageProps.pageTitle) || text(account.username) || undefined,
    bio: text(account.description) || text(pageProps.description) || undefined,
    pictureUrl,
    items,
    notes,
  };
}

// ---------------------------------------------------------------- LinkStack

/** LinkStack's fixed buttons: 42 a heading, 43 a spacer, 93 a text, 94 a social icon (its title names the network). */
const LINKSTACK_BUTTONS = { heading: 42, spacer: 43, text: 93, icon: 94 } as const;

/**
 * LinkStack's "Export all data" file: the user row (`name`,
 * `littlelink_description` in HTML), its `links` (each with `link`, `title`,
 * `button_id`, `type`, `order`, `up_link`) and the picture as `image_data`.
 */
export function readLinkStackExport(file: Record<string, unknown>): Draft {
  if (!Array.isArray(file.links)) throw new AppError(400, 'validation_failed', messages.notLinkStack);
  const notes: string[] = [];
  const items: Record<string, unknown>[] = [];
  const links = (file.links as Record<string, unknown>[])
    .filter((link) => typeof link === 'object' && link !== null)
    .map((link, index) => ({ link, pinned: link.up_link === 'yes' ? 0 : 1, order: typeof link.order === 'number' ? link.order : index }))
    .sort((a, b) => a.pinned - b.pinned || a.order - b.order)
    .map(({ link }) => link);
  let styled = false;
  for (const link of links) {
    const type = text(link.type).toLowerCase();
    const button = Number(link.button_id);
    const title = text(link.title).trim();
    const url = text(link.link).trim();
    styled ||= Boolean(link.custom_css) || Boolean(link.custom_icon);
    if (type === 'heading' || button === LINKSTACK_BUTTONS.heading) items.push({ type: 'header', title });
    else if (type === 'spacer' || button === LINKSTACK_BUTTONS.spacer) items.push({ type: 'divider' });
    else if (type === 'text' || button === LINKSTACK_BUTTONS.text) items.push({ type: 'text', text: wordsOf(title) });
    // A contact card (a vCard LinkStack makes from the creator's details) is not a link: said, never refused as an address.
    else if (type === 'vcard') notes.push(messages.notMapped(pageItemLabel({ type, title }), messages.contactCardWhy));
    else if (!url) notes.push(messages.notMapped(pageItemLabel({ type: type || 'link', title }), 'it has no address to link to'));
    else if (button === LINKSTACK_BUTTONS.icon) items.push(networkItem(title, url));
    else items.push({ type: 'link', title: titleOf(title, url), url, ...(iconOfNetwork(title) && { icon: iconOfNetwork(title) }) });
  }
  if (styled) notes.push('LinkStack’s custom button styles and icons are not brought over: choose a look in the Customize tab.');
  const picture = typeof file.image_data === 'string' ? Buffer.from(file.image_data, 'base64') : undefined;
  return {
    displayName: text(file.name) || text(file.littlelink_name) || undefined,
    bio: text(file.littlelink_description) ? wordsOf(text(file.littlelink_description)) : undefined,
    picture: picture && picture.length > 0 ? picture : undefined,
    items,
    notes,
  };
}

// ---------------------------------------------------------------- LittleLink

/**
 * A LittleLink page (its index.html, read in the media worker): the name in the
 * first `<h1>`, the words of the paragraph after it, and each
 * `<a class="button button-{network}">` in order, its words the title.
 */
export function readLittleLinkPage(page: LittleLinkFacts): Draft {
  if (page.buttons.length === 0) throw new AppError(400, 'validation_failed', messages.notLittleLink);
  const notes: string[] = [];
  const source = page.avatar;
  if (source) notes.push(messages.pictureBeside(source.length > 80 ? `${source.slice(0, 79)}…` : source));
  const items = page.buttons.map((button) => {
    const url = button.href.trim();
    const network = button.classes
      .split(/\s+/)
      .find((name) => name.startsWith('button-') && name !== 'button-default')
      ?.slice('button-'.length);
    const icon = network ? iconOfNetwork(network) : undefined;
    return { type: 'link', title: titleOf(button.text, url), url, ...(icon && { icon }) };
  });
  return { displayName: page.heading || undefined, bio: page.paragraph || undefined, items, notes };
}

// ---------------------------------------------------------------- The preview

export interface ImportPreviewDeps {
  config: AppConfig;
  media: MediaProcessor;
  /** Names this site to Linktree. */
  userAgent: string;
}

/** The most a Linktree page, or its picture, may weigh. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** Fetch the Linktree page once: bounded in size and time, one redirect on its own host, never a private address. */
async function fetchLinktreePage(deps: ImportPreviewDeps, address: string): Promise<string> {
  const { enabled, allowLoopback, origin, timeoutMs = 5000 } = deps.config.linktreeImport;
  if (!enabled) throw new AppError(400, 'validation_failed', messages.linktreeOff);
  const username = linktreeUsernameOf(address);
  if (!username) throw new AppError(400, 'invalid_url', messages.notLinktree, { fieldErrors: { url: messages.notLinktree } });
  try {
    const answer = await fetchBounded(`${origin ?? 'https://linktr.ee'}/${username}`, {
      userAgent: deps.userAgent,
      allowLoopback,
      timeoutMs,
      maxBytes: MAX_PAGE_BYTES,
      maxRedirects: 1,
      sameHost: true,
      accept: 'text/html',
    });
    if (answer.status === 404) throw new AppError(400, 'validation_failed', messages.linktreeNotFound);
    if (answer.status !== 200) throw new AppError(400, 'validation_failed', messages.linktreeUnreachable);
    return answer.body.toString('utf8');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'validation_failed', messages.linktreeUnreachable);
  }
}

/** A picture named by address (a data: address or an http(s) one, fetched bounded), or undefined when it cannot be had. */
async function fetchPicture(deps: ImportPreviewDeps, address: string): Promise<Buffer | undefined> {
  const inline = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=]+)$/i.exec(address);
  if (inline) return Buffer.from(inline[1]!, 'base64');
  try {
    const { allowLoopback, timeoutMs = 5000 } = deps.config.linktreeImport;
    const answer = await fetchBounded(address, {
      userAgent: deps.userAgent,
      allowLoopback,
      timeoutMs,
      maxBytes: MAX_PAGE_BYTES,
      maxRedirects: 2,
    });
    return answer.status === 200 ? answer.body : undefined;
  } catch {
    // Too large, refused, unreachable: the import goes on without it, and says so.
    return undefined;
  }
}

/**
 * A draft as a page file: each item checked by the file's own rules (one that
 * fails is left out and said), the name and bio cut to their lengths, the
 * picture decoded in the media worker (one that is not an image is said).
 */
async function toPageFile(deps: ImportPreviewDeps, owner: UserRow, draft: Draft): Promise<ImportPreview> {
  const notes = [...draft.notes];
  const items: PageFileItem[] = [];
  for (const raw of draft.items) {
    const checked = pageFileItemSchema.safeParse(raw);
    // A link's icon and colour, when its site gave none, from the service its address names (issue 51).
    if (checked.success) items.push(checked.data.type === 'link' ? { ...checked.data, ...serviceLookOf(checked.data) } : checked.data);
    else notes.push(messages.notMapped(pageItemLabel(raw), checked.error.issues[0]?.message.replace(/\.$/, '') ?? 'it could not be read'));
  }
  const profile: NonNullable<PageFile['profile']> = {};
  if (draft.displayName) profile.displayName = clip(draft.displayName.replace(/\s+/g, ' ').trim(), DISPLAY_NAME_MAX_LENGTH, 'name', notes);
  if (draft.bio) profile.bio = clip(draft.bio.trim(), BIO_MAX_LENGTH, 'bio', notes);
  const media: PageFile['media'] = [];
  if (draft.picture) {
    try {
      const picture = await deps.media.process('avatar', draft.picture, `user:${owner.id}`);
      const url = mediaUrl({ hash: createHash('sha256').update(picture.data).digest('hex'), ext: picture.ext });
      profile.profileImage = url;
      media.push({ url, mime: picture.mime, data: picture.data.toString('base64') });
    } catch {
      notes.push(messages.pictureUnreadable);
    }
  }
  return { document: { format: PAGE_FILE_FORMAT, version: PAGE_FILE_VERSION, profile, items, media }, notes };
}

/** What an import would bring in, from a page file or another site, shown before anything is saved. */
export async function previewImport(deps: ImportPreviewDeps, owner: UserRow, input: ImportPreviewInput): Promise<ImportPreview> {
  switch (input.source) {
    case 'file':
      return { document: input.document, notes: [] };
    case 'linktree': {
      const { pictureUrl, ...draft } = readLinktreePage(await fetchLinktreePage(deps, input.url));
      const picture = pictureUrl ? await fetchPicture(deps, pictureUrl) : undefined;
      if (pictureUrl && !picture) draft.notes.push(messages.pictureUnreadable);
      return toPageFile(deps, owner, { ...draft, picture });
    }
    case 'linkstack':
      return toPageFile(deps, owner, readLinkStackExport(input.file));
    case 'littlelink':
      // The page's HTML read by the media worker: a page too deep or too large to read in time is refused, saying so.
      return toPageFile(
        deps,
        owner,
        readLittleLinkPage(await readInWorker(deps.media, 'littlelink-page', Buffer.from(input.html), owner, messages.pageUnreadable)),
      );
  }
}
