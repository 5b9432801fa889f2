import {
  AppWindow,
  AtSign,
  BadgeCheck,
  BarChart3,
  BookOpen,
  Building2,
  Contrast,
  Download,
  EyeOff,
  FileClock,
  Gauge,
  Globe,
  GripVertical,
  History,
  KeyRound,
  LayoutGrid,
  LifeBuoy,
  MonitorSmartphone,
  MousePointerClick,
  Palette,
  QrCode,
  Search,
  Share2,
  ShieldCheck,
  Shapes,
  Smartphone,
  Sparkles,
  Type,
  UserRound,
  Users,
  Wand2,
  Image as ImageIcon,
  MailPlus,
  Unlink as LinkBroken,
  CalendarClock,
  Heading,
  ImagePlus,
  ShieldAlert,
  SquarePlay,
} from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import type { Translate } from '#shared/i18n/translate.ts';
import { useSiteWords } from '#web/lib/site-words.ts';
import { CallToAction, type ShowcaseItem, ShowcaseHero, ShowcaseSection } from './showcase.tsx';

// /features, /services and /services/business-solutions, written for creators
// in the landing page's language (issue 27). Every sentence is something the
// product does today; how it works under the hood is in /docs. The counts are
// checked against the product's own lists by a unit test.

export const PRODUCT_COUNTS = {
  icons: 25,
  colours: 20,
  gradients: 6,
  quickThemes: 24,
  backgrounds: 12,
  fonts: 53,
  buttonStyles: 9,
  savedLooks: 20,
  usernameDays: 90,
} as const;

/** A card of these pages: its words, said with the product's counts (PRODUCT_COUNTS). */
interface ProductItem {
  icon: ShowcaseItem['icon'];
  title: MessageDescriptor;
  text: MessageDescriptor;
  to?: string;
}

function translated({ icon, title, text, to }: ProductItem, t: Translate): ShowcaseItem {
  return { icon, title: t(title), text: t(text, PRODUCT_COUNTS), ...(to && { to }) };
}

const words = {
  links1Title: /*i18n*/ { id: 'site.product.links1.title', message: 'In the order you choose' },
  links1Text: /*i18n*/ { id: 'site.product.links1.text', message: 'Drag links into place. Your page follows at once.' },
  links2Title: /*i18n*/ { id: 'site.product.links2.title', message: 'Hide without deleting' },
  links2Text: /*i18n*/ { id: 'site.product.links2.text', message: 'Switch a link off for now and bring it back later, its clicks kept.' },
  links3Title: /*i18n*/ { id: 'site.product.links3.title', message: 'Icons and colours' },
  links3Text: /*i18n*/ {
    id: 'site.product.links3.text',
    message: '{icons} icons or your own, {colours} colours and {gradients} gradients, or any colour you like.',
  },
  links4Title: /*i18n*/ { id: 'site.product.links4.title', message: 'A row of social icons' },
  links4Text: /*i18n*/ { id: 'site.product.links4.text', message: 'Show Instagram, YouTube and the rest as round icons under your bio.' },
  links5Title: /*i18n*/ { id: 'site.product.links5.title', message: 'On a schedule' },
  links5Text: /*i18n*/ {
    id: 'site.product.links5.text',
    message: 'Show a link from a start, until an end, or both, in your own time zone.',
  },
  links6Title: /*i18n*/ { id: 'site.product.links6.title', message: 'A picture per link' },
  links6Text: /*i18n*/ { id: 'site.product.links6.text', message: 'Put a square picture on a button instead of its icon.' },
  links7Title: /*i18n*/ { id: 'site.product.links7.title', message: 'Headers, text and dividers' },
  links7Text: /*i18n*/ { id: 'site.product.links7.text', message: 'Put your links in sections, with a few lines of text between them.' },
  links8Title: /*i18n*/ { id: 'site.product.links8.title', message: 'Videos and music' },
  links8Text: /*i18n*/ {
    id: 'site.product.links8.text',
    message: 'Embed YouTube, Vimeo, Spotify and SoundCloud. The player loads only when a visitor presses play.',
  },
  links9Title: /*i18n*/ { id: 'site.product.links9.title', message: 'For the right audience' },
  links9Text: /*i18n*/ {
    id: 'site.product.links9.text',
    message: 'Show a link only on phones, only on computers, or only in the countries you choose.',
  },
  links10Title: /*i18n*/ { id: 'site.product.links10.title', message: 'Content warnings' },
  links10Text: /*i18n*/ {
    id: 'site.product.links10.text',
    message: 'Mark your page or a single link 18+, 21+, 25+ or sensitive: visitors choose to go on.',
  },
  look1Title: /*i18n*/ { id: 'site.product.look1.title', message: 'Quick themes' },
  look1Text: /*i18n*/ {
    id: 'site.product.look1.text',
    message: '{quickThemes} themes and {backgrounds} backgrounds, each one click away.',
  },
  look2Title: /*i18n*/ { id: 'site.product.look2.title', message: 'Fonts' },
  look2Text: /*i18n*/ { id: 'site.product.look2.text', message: '{fonts} fonts, with size, weight, spacing and glow.' },
  look3Title: /*i18n*/ { id: 'site.product.look3.title', message: 'Buttons' },
  look3Text: /*i18n*/ {
    id: 'site.product.look3.text',
    message: '{buttonStyles} button styles, with shapes, borders, shadows and hover effects.',
  },
  look4Title: /*i18n*/ { id: 'site.product.look4.title', message: 'Backgrounds and effects' },
  look4Text: /*i18n*/ { id: 'site.product.look4.text', message: 'Your own picture, gradients, particles, waves and entrance animations.' },
  look5Title: /*i18n*/ { id: 'site.product.look5.title', message: 'Every look kept' },
  look5Text: /*i18n*/ {
    id: 'site.product.look5.text',
    message: 'Your last {savedLooks} saved looks, to preview and bring back. A reset can be undone.',
  },
  look6Title: /*i18n*/ { id: 'site.product.look6.title', message: 'Readable by everyone' },
  look6Text: /*i18n*/ {
    id: 'site.product.look6.text',
    message: 'A warning when text gets hard to read, with the nearest colour that fixes it.',
  },
  travel1Title: /*i18n*/ { id: 'site.product.travel1.title', message: 'A QR code' },
  travel1Text: /*i18n*/ {
    id: 'site.product.travel1.text',
    message: 'In your colour or black, with your picture in the middle if you like, for print and screens.',
  },
  travel2Title: /*i18n*/ { id: 'site.product.travel2.title', message: 'Easy to pass on' },
  travel2Text: /*i18n*/ {
    id: 'site.product.travel2.text',
    message: 'A share button on your page: the phone’s share sheet, a copied link, or a tap to WhatsApp and more.',
  },
  travel3Title: /*i18n*/ { id: 'site.product.travel3.title', message: 'Out of app browsers' },
  travel3Text: /*i18n*/ {
    id: 'site.product.travel3.text',
    message: 'Opened inside Instagram or TikTok, your page offers the visitor their own browser. Analytics says which apps.',
  },
  travel4Title: /*i18n*/ { id: 'site.product.travel4.title', message: 'Verified as you' },
  travel4Text: /*i18n*/ {
    id: 'site.product.travel4.text',
    message: 'Mark your Mastodon or blog as yours, and they can show your page as verified.',
  },
  travel5Title: /*i18n*/ { id: 'site.product.travel5.title', message: 'A picture when shared' },
  travel5Text: /*i18n*/ {
    id: 'site.product.travel5.text',
    message: 'Chats and feeds show a card drawn from your look: your picture, name and bio.',
  },
  travel6Title: /*i18n*/ { id: 'site.product.travel6.title', message: 'Your own list' },
  travel6Text: /*i18n*/ {
    id: 'site.product.travel6.text',
    message: 'An email sign-up on your page, in your words. Confirmed by email on sites that send mail; export it any time.',
  },
  travel7Title: /*i18n*/ { id: 'site.product.travel7.title', message: 'Broken links spotted' },
  travel7Text: /*i18n*/ {
    id: 'site.product.travel7.text',
    message: 'Each link is checked once a day (unless the site turned it off); one that stops working is flagged for you.',
  },
  numbers1Title: /*i18n*/ { id: 'site.product.numbers1.title', message: 'Views and clicks' },
  numbers1Text: /*i18n*/ {
    id: 'site.product.numbers1.text',
    message: 'Visitors and clicks per day and per link, over 7, 30 or 90 days, and a year on Business.',
  },
  numbers2Title: /*i18n*/ { id: 'site.product.numbers2.title', message: 'Where visitors come from' },
  numbers2Text: /*i18n*/ {
    id: 'site.product.numbers2.text',
    message: 'The sites and apps that send them, their countries, devices and browsers.',
  },
  numbers3Title: /*i18n*/ { id: 'site.product.numbers3.title', message: 'Yours to keep' },
  numbers3Text: /*i18n*/ { id: 'site.product.numbers3.text', message: 'Download your figures as a spreadsheet whenever you like.' },
  account1Title: /*i18n*/ { id: 'site.product.account1.title', message: 'A name that can change' },
  account1Text: /*i18n*/ {
    id: 'site.product.account1.text',
    message: 'Change your username every {usernameDays} days. Your old address forwards visitors for 30.',
  },
  account2Title: /*i18n*/ { id: 'site.product.account2.title', message: 'Never locked out' },
  account2Text: /*i18n*/ { id: 'site.product.account2.text', message: 'Reset a forgotten password by email, on sites that send mail.' },
  account3Title: /*i18n*/ { id: 'site.product.account3.title', message: 'Your devices' },
  account3Text: /*i18n*/ {
    id: 'site.product.account3.text',
    message: 'See where you are signed in, and sign out the others in one click.',
  },
  account4Title: /*i18n*/ { id: 'site.product.account4.title', message: 'Take everything with you' },
  account4Text: /*i18n*/ { id: 'site.product.account4.text', message: 'Export your links, looks, pictures and figures in one download.' },
  speed1Title: /*i18n*/ { id: 'site.product.speed1.title', message: 'Opens at once' },
  speed1Text: /*i18n*/ { id: 'site.product.speed1.text', message: 'Your page arrives ready to read, even on a slow phone connection.' },
  speed2Title: /*i18n*/ { id: 'site.product.speed2.title', message: 'Light by design' },
  speed2Text: /*i18n*/ {
    id: 'site.product.speed2.text',
    message: 'Effects load only when your page uses them, and only your font is sent.',
  },
  speed3Title: /*i18n*/ { id: 'site.product.speed3.title', message: 'Safe to customize' },
  speed3Text: /*i18n*/ { id: 'site.product.speed3.text', message: 'Nothing you change can break your page, or touch anyone else’s.' },
  services1Title: /*i18n*/ { id: 'site.product.services1.title', message: 'Profile Creation' },
  services1Text: /*i18n*/ {
    id: 'site.product.services1.text',
    message: 'From a one-click theme to every colour, font and effect, with a live preview as you go.',
  },
  services2Title: /*i18n*/ { id: 'site.product.services2.title', message: 'Analytics & Insights' },
  services2Text: /*i18n*/ { id: 'site.product.services2.text', message: 'What is counted, what is not, and how to read your figures.' },
  services3Title: /*i18n*/ { id: 'site.product.services3.title', message: 'Business Solutions' },
  services3Text: /*i18n*/ {
    id: 'site.product.services3.text',
    message: 'The Business plan, verified badges, and Linkverse for a brand or a team.',
  },
  services4Title: /*i18n*/ { id: 'site.product.services4.title', message: 'Getting started' },
  services4Text: /*i18n*/ {
    id: 'site.product.services4.text',
    message: 'Your page, from sign-up to your first visitors, in about five minutes.',
  },
  services5Title: /*i18n*/ { id: 'site.product.services5.title', message: 'Examples' },
  services5Text: /*i18n*/ { id: 'site.product.services5.text', message: 'Finished pages with very different looks, for ideas.' },
  services6Title: /*i18n*/ { id: 'site.product.services6.title', message: 'Support' },
  services6Text: /*i18n*/ { id: 'site.product.services6.text', message: 'Answers to common questions, and how to reach this site’s team.' },
  business1Title: /*i18n*/ { id: 'site.product.business1.title', message: 'The Business plan' },
  business1Text: /*i18n*/ {
    id: 'site.product.business1.text',
    message: 'The most room for links and uploads, no Linkverse branding, and the verified badge. See what each plan holds here.',
  },
  business2Title: /*i18n*/ { id: 'site.product.business2.title', message: 'Verified badge' },
  business2Text: /*i18n*/ {
    id: 'site.product.business2.text',
    message: 'A blue check beside your name, so visitors know the page is really yours.',
  },
  business3Title: /*i18n*/ { id: 'site.product.business3.title', message: 'Your own domain' },
  business3Text: /*i18n*/ {
    id: 'site.product.business3.text',
    message: 'Run Linkverse at your own address, with a page per person or product on it.',
  },
  business4Title: /*i18n*/ { id: 'site.product.business4.title', message: 'Names kept for you' },
  business4Text: /*i18n*/ {
    id: 'site.product.business4.text',
    message: 'Your brand and product names reserved, so nobody else can take them.',
  },
  business5Title: /*i18n*/ { id: 'site.product.business5.title', message: 'A record of changes' },
  business5Text: /*i18n*/ { id: 'site.product.business5.text', message: 'Every change an admin makes is logged: who, what, when and why.' },
  business6Title: /*i18n*/ { id: 'site.product.business6.title', message: 'Found by search engines' },
  business6Text: /*i18n*/ {
    id: 'site.product.business6.text',
    message: 'Each page has its own title and description, and is listed for search engines.',
  },
  featuresPill: /*i18n*/ { id: 'site.product.features.pill', message: 'Features' },
  featuresTitle: /*i18n*/ { id: 'site.product.features.title', message: 'Everything your page needs,' },
  featuresHighlight: /*i18n*/ { id: 'site.product.features.highlight', message: 'nothing in the way' },
  featuresLead: /*i18n*/ {
    id: 'site.product.features.lead',
    message: 'Your links, your look and your numbers, on a page that opens instantly on any phone.',
  },
  featuresTitle2: /*i18n*/ { id: 'site.product.features.title2', message: 'Your links, your way' },
  featuresTitle3: /*i18n*/ { id: 'site.product.features.title3', message: 'A look that is yours' },
  featuresLead2: /*i18n*/ {
    id: 'site.product.features.lead2',
    message: 'Every change shows in a live preview before anyone else sees it.',
  },
  featuresTitle4: /*i18n*/ { id: 'site.product.features.title4', message: 'A page that travels' },
  featuresTitle5: /*i18n*/ { id: 'site.product.features.title5', message: 'Analytics you can trust' },
  featuresLead3: /*i18n*/ { id: 'site.product.features.lead3', message: 'Counted by this site itself: no outside trackers on your page.' },
  featuresTitle6: /*i18n*/ { id: 'site.product.features.title6', message: 'An account you keep' },
  featuresTitle7: /*i18n*/ { id: 'site.product.features.title7', message: 'Fast everywhere' },
  featuresTitle8: /*i18n*/ { id: 'site.product.features.title8', message: 'Ready to claim your link?' },
  featuresText: /*i18n*/ { id: 'site.product.features.text', message: 'Create your page for free. It takes less than a minute.' },
  featuresAction1: /*i18n*/ { id: 'site.product.features.action1', message: 'Get Started Free' },
  featuresAction2: /*i18n*/ { id: 'site.product.features.action2', message: 'View Examples' },
  servicesPill: /*i18n*/ { id: 'site.product.services.pill', message: 'Services' },
  servicesTitle: /*i18n*/ { id: 'site.product.services.title', message: 'What Linkverse' },
  servicesHighlight: /*i18n*/ { id: 'site.product.services.highlight', message: 'does for you' },
  servicesLead: /*i18n*/ {
    id: 'site.product.services.lead',
    message: 'Build your page, see who visits, and run it for a whole team. Each page below shows how.',
  },
  servicesTitle2: /*i18n*/ { id: 'site.product.services.title2', message: 'Pick a starting point' },
  servicesTitle3: /*i18n*/ { id: 'site.product.services.title3', message: 'Start with your own page' },
  servicesText: /*i18n*/ { id: 'site.product.services.text', message: 'Free to create, and yours to change whenever you like.' },
  businessPill: /*i18n*/ { id: 'site.product.business.pill', message: 'Business Solutions' },
  businessTitle: /*i18n*/ { id: 'site.product.business.title', message: 'Linkverse for' },
  businessHighlight: /*i18n*/ { id: 'site.product.business.highlight', message: 'brands and teams' },
  businessLead: /*i18n*/ {
    id: 'site.product.business.lead',
    message: 'One site for every person, product and campaign, on an address you own and a server you control.',
  },
  businessTitle2: /*i18n*/ { id: 'site.product.business.title2', message: 'What a business gets' },
  businessLead2: /*i18n*/ {
    id: 'site.product.business.lead2',
    message: 'Plans are given by the team that runs this site: there is nothing to pay here.',
  },
  businessTitle3: /*i18n*/ { id: 'site.product.business.title3', message: 'Setting up a site for your team?' },
  businessText: /*i18n*/ {
    id: 'site.product.business.text',
    message: 'The documentation covers installing, your own domain, backups and running on several servers.',
  },
  businessLabel: /*i18n*/ { id: 'site.product.business.label', message: 'Read the documentation' },
  businessAction1: /*i18n*/ { id: 'site.product.business.action1', message: 'See the plans' },
  businessAction2: /*i18n*/ { id: 'site.product.business.action2', message: 'Run it yourself' },
} as const;

const LINKS: readonly ProductItem[] = [
  { icon: GripVertical, title: words.links1Title, text: words.links1Text },
  { icon: EyeOff, title: words.links2Title, text: words.links2Text },
  { icon: Shapes, title: words.links3Title, text: words.links3Text },
  { icon: LayoutGrid, title: words.links4Title, text: words.links4Text },
  { icon: CalendarClock, title: words.links5Title, text: words.links5Text },
  { icon: ImagePlus, title: words.links6Title, text: words.links6Text },
  { icon: Heading, title: words.links7Title, text: words.links7Text },
  { icon: SquarePlay, title: words.links8Title, text: words.links8Text },
  { icon: Users, title: words.links9Title, text: words.links9Text },
  { icon: ShieldAlert, title: words.links10Title, text: words.links10Text },
];

const LOOK: readonly ProductItem[] = [
  { icon: Wand2, title: words.look1Title, text: words.look1Text },
  { icon: Type, title: words.look2Title, text: words.look2Text },
  { icon: MousePointerClick, title: words.look3Title, text: words.look3Text },
  { icon: Sparkles, title: words.look4Title, text: words.look4Text },
  { icon: History, title: words.look5Title, text: words.look5Text },
  { icon: Contrast, title: words.look6Title, text: words.look6Text },
];

const TRAVEL: readonly ProductItem[] = [
  { icon: QrCode, title: words.travel1Title, text: words.travel1Text },
  { icon: Share2, title: words.travel2Title, text: words.travel2Text },
  { icon: AppWindow, title: words.travel3Title, text: words.travel3Text },
  { icon: AtSign, title: words.travel4Title, text: words.travel4Text },
  { icon: ImageIcon, title: words.travel5Title, text: words.travel5Text },
  { icon: MailPlus, title: words.travel6Title, text: words.travel6Text },
  { icon: LinkBroken, title: words.travel7Title, text: words.travel7Text },
];

const NUMBERS: readonly ProductItem[] = [
  { icon: BarChart3, title: words.numbers1Title, text: words.numbers1Text },
  { icon: Globe, title: words.numbers2Title, text: words.numbers2Text },
  { icon: Download, title: words.numbers3Title, text: words.numbers3Text },
];

const ACCOUNT: readonly ProductItem[] = [
  { icon: UserRound, title: words.account1Title, text: words.account1Text },
  { icon: KeyRound, title: words.account2Title, text: words.account2Text },
  { icon: MonitorSmartphone, title: words.account3Title, text: words.account3Text },
  { icon: Download, title: words.account4Title, text: words.account4Text },
];

const SPEED: readonly ProductItem[] = [
  { icon: Smartphone, title: words.speed1Title, text: words.speed1Text },
  { icon: Gauge, title: words.speed2Title, text: words.speed2Text },
  { icon: ShieldCheck, title: words.speed3Title, text: words.speed3Text },
];

export function FeaturesPage() {
  const t = useSiteWords();
  const items = (list: readonly ProductItem[]) => list.map((item) => translated(item, t));
  return (
    <>
      <ShowcaseHero
        pill={t(words.featuresPill)}
        title={t(words.featuresTitle)}
        highlight={t(words.featuresHighlight)}
        lead={t(words.featuresLead)}
        actions={[
          { to: '/register', label: t(words.featuresAction1) },
          { to: '/examples', label: t(words.featuresAction2) },
        ]}
      />
      <ShowcaseSection id="links-title" title={t(words.featuresTitle2)} items={items(LINKS)} />
      <ShowcaseSection id="look-title" title={t(words.featuresTitle3)} lead={t(words.featuresLead2)} items={items(LOOK)} />
      <ShowcaseSection id="travel-title" title={t(words.featuresTitle4)} items={items(TRAVEL)} />
      <ShowcaseSection id="numbers-title" title={t(words.featuresTitle5)} lead={t(words.featuresLead3)} items={items(NUMBERS)} />
      <ShowcaseSection id="account-title" title={t(words.featuresTitle6)} items={items(ACCOUNT)} />
      <ShowcaseSection id="speed-title" title={t(words.featuresTitle7)} items={items(SPEED)} />
      <CallToAction title={t(words.featuresTitle8)} text={t(words.featuresText)} />
    </>
  );
}

const SERVICES: readonly ProductItem[] = [
  { icon: Palette, title: words.services1Title, text: words.services1Text, to: '/services/profile-creation' },
  { icon: BarChart3, title: words.services2Title, text: words.services2Text, to: '/services/analytics' },
  { icon: Building2, title: words.services3Title, text: words.services3Text, to: '/services/business-solutions' },
  { icon: BookOpen, title: words.services4Title, text: words.services4Text, to: '/guides/getting-started' },
  { icon: Sparkles, title: words.services5Title, text: words.services5Text, to: '/examples' },
  { icon: LifeBuoy, title: words.services6Title, text: words.services6Text, to: '/support' },
];

export function ServicesPage() {
  const t = useSiteWords();
  const items = (list: readonly ProductItem[]) => list.map((item) => translated(item, t));
  return (
    <>
      <ShowcaseHero
        pill={t(words.servicesPill)}
        title={t(words.servicesTitle)}
        highlight={t(words.servicesHighlight)}
        lead={t(words.servicesLead)}
      />
      <ShowcaseSection id="services-title" title={t(words.servicesTitle2)} items={items(SERVICES)} />
      <CallToAction title={t(words.servicesTitle3)} text={t(words.servicesText)} />
    </>
  );
}

const BUSINESS: readonly ProductItem[] = [
  { icon: Building2, title: words.business1Title, text: words.business1Text, to: '/pricing' },
  { icon: BadgeCheck, title: words.business2Title, text: words.business2Text },
  { icon: Globe, title: words.business3Title, text: words.business3Text },
  { icon: Users, title: words.business4Title, text: words.business4Text },
  { icon: FileClock, title: words.business5Title, text: words.business5Text },
  { icon: Search, title: words.business6Title, text: words.business6Text },
];

export function BusinessSolutionsPage() {
  const t = useSiteWords();
  const items = (list: readonly ProductItem[]) => list.map((item) => translated(item, t));
  return (
    <>
      <ShowcaseHero
        pill={t(words.businessPill)}
        title={t(words.businessTitle)}
        highlight={t(words.businessHighlight)}
        lead={t(words.businessLead)}
        actions={[
          { to: '/pricing', label: t(words.businessAction1) },
          { to: '/docs', label: t(words.businessAction2) },
        ]}
      />
      <ShowcaseSection id="business-title" title={t(words.businessTitle2)} lead={t(words.businessLead2)} items={items(BUSINESS)} />
      <CallToAction title={t(words.businessTitle3)} text={t(words.businessText)} to="/docs" label={t(words.businessLabel)} />
    </>
  );
}
