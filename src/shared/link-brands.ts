import { DEFAULT_LINK_ICON, type LinkIconId, THEME_COLOR } from './links.ts';

// The services a link's address names, found from its host alone (issue 51):
// no request goes to the site. A link to one gets its icon, and the brand
// colour of a network that has one, unless the creator chose their own. Brand
// colours are the nearest shade on which white button text reads at WCAG AA
// (YouTube's #FF0000 reads at 4.0:1, so #EB0000); the others follow the theme.

interface Brand {
  name: string;
  icon: LinkIconId;
  /** The button's colour; null: the link follows the theme. */
  color: string | null;
  hosts: readonly string[];
}

const BRANDS: readonly Brand[] = [
  { name: 'YouTube', icon: 'youtube', color: '#EB0000', hosts: ['youtube.com', 'youtu.be'] },
  { name: 'Instagram', icon: 'instagram', color: '#E02766', hosts: ['instagram.com', 'instagr.am'] },
  { name: 'X', icon: 'twitter', color: '#000000', hosts: ['x.com', 'twitter.com'] },
  { name: 'GitHub', icon: 'github', color: '#181717', hosts: ['github.com'] },
  { name: 'LinkedIn', icon: 'linkedin', color: '#0A66C2', hosts: ['linkedin.com', 'lnkd.in'] },
  { name: 'TikTok', icon: 'tiktok', color: '#000000', hosts: ['tiktok.com'] },
  { name: 'Discord', icon: 'discord', color: '#5865F2', hosts: ['discord.gg', 'discord.com', 'discordapp.com'] },
  { name: 'Spotify', icon: 'spotify', color: '#15843C', hosts: ['spotify.com', 'spotify.link'] },
  { name: 'Twitch', icon: 'twitch', color: '#9146FF', hosts: ['twitch.tv'] },
  { name: 'Facebook', icon: 'facebook', color: '#0866FF', hosts: ['facebook.com', 'fb.com', 'fb.me'] },
  { name: 'SoundCloud', icon: 'music', color: null, hosts: ['soundcloud.com'] },
  { name: 'Bandcamp', icon: 'music', color: null, hosts: ['bandcamp.com'] },
  { name: 'Apple Music', icon: 'music', color: null, hosts: ['music.apple.com'] },
  { name: 'Deezer', icon: 'music', color: null, hosts: ['deezer.com'] },
  { name: 'Vimeo', icon: 'video', color: null, hosts: ['vimeo.com'] },
  { name: 'Patreon', icon: 'money', color: null, hosts: ['patreon.com'] },
  { name: 'Ko-fi', icon: 'money', color: null, hosts: ['ko-fi.com'] },
  { name: 'Buy Me a Coffee', icon: 'money', color: null, hosts: ['buymeacoffee.com'] },
  { name: 'PayPal', icon: 'money', color: null, hosts: ['paypal.me', 'paypal.com'] },
  { name: 'Cash App', icon: 'money', color: null, hosts: ['cash.app'] },
  { name: 'Etsy', icon: 'store', color: null, hosts: ['etsy.com'] },
  { name: 'Shopify', icon: 'store', color: null, hosts: ['myshopify.com', 'shopify.com'] },
  { name: 'Gumroad', icon: 'store', color: null, hosts: ['gumroad.com'] },
  { name: 'itch.io', icon: 'game', color: null, hosts: ['itch.io'] },
  { name: 'Steam', icon: 'game', color: null, hosts: ['steamcommunity.com', 'store.steampowered.com'] },
  { name: 'Behance', icon: 'camera', color: null, hosts: ['behance.net'] },
  { name: 'Flickr', icon: 'camera', color: null, hosts: ['flickr.com'] },
  { name: 'Medium', icon: 'document', color: null, hosts: ['medium.com'] },
  { name: 'Substack', icon: 'document', color: null, hosts: ['substack.com'] },
];

/** How many services are known (the docs say it). */
export const KNOWN_SERVICES = BRANDS.length;

/** The service an address names (a host or one of its subdomains, or a mailto: address), if it is a known one. */
export function brandOfAddress(address: string): Omit<Brand, 'hosts'> | undefined {
  const trimmed = address.trim();
  if (/^mailto:/i.test(trimmed)) return { name: 'Email', icon: 'mail', color: null };
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
  const brand = BRANDS.find((entry) => entry.hosts.some((known) => host === known || host.endsWith(`.${known}`)));
  return brand && { name: brand.name, icon: brand.icon, color: brand.color };
}

/** A new link's icon and colour: what was chosen, else the named service's, else the default icon and the theme. */
export function serviceLookOf(link: { url: string; icon?: string | undefined; color?: string | undefined }): {
  icon: string;
  color: string;
} {
  const brand = link.icon === undefined || link.color === undefined ? brandOfAddress(link.url) : undefined;
  return { icon: link.icon ?? brand?.icon ?? DEFAULT_LINK_ICON, color: link.color ?? brand?.color ?? THEME_COLOR };
}
