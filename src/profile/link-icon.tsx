import {
  BriefcaseBusiness,
  Camera,
  Clapperboard,
  DollarSign,
  FileText,
  Flame,
  Gamepad2,
  Globe,
  Heart,
  Link,
  Mail,
  MessageCircle,
  Music,
  Rocket,
  Star,
  Store,
  type LucideIcon,
} from 'lucide-react';
import { type SimpleIcon, siDiscord, siFacebook, siGithub, siInstagram, siSpotify, siTiktok, siTwitch, siX, siYoutube } from 'simple-icons';
import { CUSTOM_ICON } from '#shared/links.ts';

// Icons as inline SVG: they look the same on every device, with no icon font
// or emoji font to load. Brands from Simple Icons (CC0), the rest from Lucide.

const GENERIC: Record<string, LucideIcon> = {
  link: Link,
  globe: Globe,
  social: MessageCircle,
  mail: Mail,
  linkedin: BriefcaseBusiness,
  store: Store,
  star: Star,
  heart: Heart,
  fire: Flame,
  rocket: Rocket,
  camera: Camera,
  music: Music,
  video: Clapperboard,
  document: FileText,
  money: DollarSign,
  game: Gamepad2,
};

const BRANDS: Record<string, SimpleIcon> = {
  youtube: siYoutube,
  instagram: siInstagram,
  twitter: siX,
  github: siGithub,
  tiktok: siTiktok,
  discord: siDiscord,
  spotify: siSpotify,
  twitch: siTwitch,
  facebook: siFacebook,
};

interface LinkIconProps {
  icon: string;
  customIcon?: string | null;
  size?: number;
}

/** The icon of a link: an uploaded image, a brand mark, or a line icon (default: link). */
export function LinkIcon({ icon, customIcon, size = 22 }: LinkIconProps) {
  if (icon === CUSTOM_ICON && customIcon) {
    return <img src={customIcon} alt="" width={size + 6} height={size + 6} className="lv-custom-icon" />;
  }
  const brand = BRANDS[icon];
  if (brand) {
    return (
      <svg viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden="true" focusable="false">
        <path d={brand.path} />
      </svg>
    );
  }
  const Generic = GENERIC[icon] ?? Link;
  return <Generic size={size} strokeWidth={2} aria-hidden="true" focusable="false" />;
}
