import type { MessageDescriptor } from '@lingui/core';
import { CUSTOMIZATION_DEFAULTS, type Customization, quickThemeFields } from '#shared/customization.ts';
import { QUICK_THEMES } from '#shared/themes.ts';
import { THEME_COLOR, type LinkIconId } from '#shared/links.ts';
import type { PublicPage } from '#shared/profile.types.ts';
import { DEFAULT_PLAN_LIMITS } from '#shared/plans.ts';
import { toPublicProfile } from '#shared/public-profile.ts';

// Example pages shipped with the product (issue 11): made-up people, labelled
// as examples, whose links go to example domains (RFC 2606). Each look uses
// only options the Customize tab offers and passes its own contrast checks,
// and each page is drawn by the same toPublicProfile and ProfileView as every real page.

interface ExampleLink {
  title: string;
  url: string;
  icon: LinkIconId;
  color?: string;
  showAsIcon?: boolean;
}

interface Example {
  /** What this example shows off. */
  summary: MessageDescriptor;
  username: string;
  displayName: string;
  bio: string;
  links: ExampleLink[];
  look: Partial<Customization>;
}

/** A quick theme's fields, as the Customize tab applies them. */
const theme = (name: string) => {
  const found = QUICK_THEMES.find((quick) => quick.name === name);
  if (!found) throw new Error(`No quick theme ${name}`);
  return quickThemeFields(found);
};

const EXAMPLES: Example[] = [
  {
    summary: /*i18n*/ {
      id: 'site.examples.musician',
      message: 'A musician: the Ocean quick theme, pill buttons, social icons under the bio and a floating-bubbles effect.',
    },
    username: 'lena-sound',
    displayName: 'Lena Sound',
    bio: 'Synth-pop from a small studio. New EP out now.',
    links: [
      { title: 'Listen to the new EP', url: 'https://music.example.com/lena', icon: 'spotify', color: '#15803D' },
      { title: 'Tour dates', url: 'https://tickets.example.org/lena', icon: 'music', color: '#2563EB' },
      { title: 'Merch store', url: 'https://shop.example.net/lena', icon: 'store', color: '#2563EB' },
      { title: 'Instagram', url: 'https://instagram.example.com/lena', icon: 'instagram', showAsIcon: true },
      { title: 'YouTube', url: 'https://youtube.example.com/lena', icon: 'youtube', showAsIcon: true },
    ],
    look: { ...theme('Ocean'), font: 'Poppins', buttonStyle: 'default', linkButtonShape: 'pill', backgroundEffect: 'particles' },
  },
  {
    summary: /*i18n*/ {
      id: 'site.examples.developer',
      message: 'A developer: the Noir theme, a monospace font, square outlined buttons and no picture.',
    },
    username: 'kai-builds',
    displayName: 'Kai Okafor',
    bio: 'I write open-source tools and a newsletter about them.',
    links: [
      { title: 'GitHub', url: 'https://github.example.com/kai', icon: 'github' },
      { title: 'Newsletter', url: 'https://newsletter.example.org/kai', icon: 'mail' },
      { title: 'Talks and slides', url: 'https://talks.example.net/kai', icon: 'document' },
      { title: 'Sponsor my work', url: 'https://sponsor.example.com/kai', icon: 'heart' },
    ],
    look: {
      ...theme('Noir'),
      font: 'JetBrains Mono',
      buttonStyle: 'outline',
      linkButtonShape: 'square',
      profileImageShape: 'square',
      textTransform: 'lowercase',
      animationType: 'slideUp',
    },
  },
  {
    summary: /*i18n*/ {
      id: 'site.examples.business',
      message: 'A small business: the Sunset theme, a location line, glass buttons and the bio below the links.',
    },
    username: 'corner-bakery',
    displayName: 'Corner Bakery',
    bio: 'Sourdough, pastries and coffee. Open every day from 7.',
    links: [
      { title: 'Order for pickup', url: 'https://order.example.com/corner-bakery', icon: 'store', color: 'orange-red' },
      { title: "This week's menu", url: 'https://menu.example.org/corner-bakery', icon: 'document' },
      { title: 'Book a table', url: 'https://booking.example.net/corner-bakery', icon: 'star' },
      { title: 'Find us', url: 'https://maps.example.com/corner-bakery', icon: 'globe' },
    ],
    look: { ...theme('Sunset'), font: 'Lora', buttonStyle: 'glass', location: 'Old Town', bioPosition: 'below-links' },
  },
];

const EXAMPLE_DATE = '2026-01-01T00:00:00.000Z';

export interface ExampleProfile {
  /** What the example shows, in the site's words (issue 54). */
  summary: MessageDescriptor;
  page: PublicPage;
}

/** The example pages, as ProfileView draws them. */
export const EXAMPLE_PROFILES: readonly ExampleProfile[] = EXAMPLES.map((example, index) => {
  const id = -(index + 1);
  const links = example.links.map((link, position) => ({
    id: id * 100 - position,
    type: 'link' as const,
    title: link.title,
    url: link.url,
    icon: link.icon,
    customIcon: null,
    thumbnail: null,
    color: link.color ?? THEME_COLOR,
    showAsIcon: link.showAsIcon ?? false,
    ownProfile: false,
    contentWarning: null,
    isActive: true,
    startsAt: null,
    endsAt: null,
    createdAt: EXAMPLE_DATE,
    updatedAt: EXAMPLE_DATE,
  }));
  const page = toPublicProfile(
    {
      id,
      username: example.username,
      displayName: example.displayName,
      bio: example.bio,
      profileImage: null,
      // Drawn as on the Pro plan (the page says so): their fonts and themes are Pro's, and a Free page would show them in the default ones.
      plan: 'pro',
      planLimits: DEFAULT_PLAN_LIMITS.pro,
      verified: false,
      showUpdated: false,
      markNewLinks: false,
      showViews: false,
      subscribeForm: false,
      subscribeConsent: '',
      contentWarning: null,
      updatedAt: EXAMPLE_DATE,
    },
    links,
    { ...CUSTOMIZATION_DEFAULTS, ...example.look },
  );
  return { summary: example.summary, page };
});
