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

const LINKS: readonly ShowcaseItem[] = [
  { icon: GripVertical, title: 'In the order you choose', text: 'Drag links into place. Your page follows at once.' },
  { icon: EyeOff, title: 'Hide without deleting', text: 'Switch a link off for now and bring it back later, its clicks kept.' },
  {
    icon: Shapes,
    title: 'Icons and colours',
    text: `${PRODUCT_COUNTS.icons} icons or your own, ${PRODUCT_COUNTS.colours} colours and ${PRODUCT_COUNTS.gradients} gradients, or any colour you like.`,
  },
  { icon: LayoutGrid, title: 'A row of social icons', text: 'Show Instagram, YouTube and the rest as round icons under your bio.' },
  { icon: CalendarClock, title: 'On a schedule', text: 'Show a link from a start, until an end, or both, in your own time zone.' },
  { icon: ImagePlus, title: 'A picture per link', text: 'Put a square picture on a button instead of its icon.' },
  { icon: Heading, title: 'Headers, text and dividers', text: 'Put your links in sections, with a few lines of text between them.' },
  {
    icon: SquarePlay,
    title: 'Videos and music',
    text: 'Embed YouTube, Vimeo, Spotify and SoundCloud. The player loads only when a visitor presses play.',
  },
  {
    icon: Users,
    title: 'For the right audience',
    text: 'Show a link only on phones, only on computers, or only in the countries you choose.',
  },
  {
    icon: ShieldAlert,
    title: 'Content warnings',
    text: 'Mark your page or a single link 18+, 21+, 25+ or sensitive: visitors choose to go on.',
  },
];

const LOOK: readonly ShowcaseItem[] = [
  {
    icon: Wand2,
    title: 'Quick themes',
    text: `${PRODUCT_COUNTS.quickThemes} themes and ${PRODUCT_COUNTS.backgrounds} backgrounds, each one click away.`,
  },
  { icon: Type, title: 'Fonts', text: `${PRODUCT_COUNTS.fonts} fonts, with size, weight, spacing and glow.` },
  {
    icon: MousePointerClick,
    title: 'Buttons',
    text: `${PRODUCT_COUNTS.buttonStyles} button styles, with shapes, borders, shadows and hover effects.`,
  },
  { icon: Sparkles, title: 'Backgrounds and effects', text: 'Your own picture, gradients, particles, waves and entrance animations.' },
  {
    icon: History,
    title: 'Every look kept',
    text: `Your last ${PRODUCT_COUNTS.savedLooks} saved looks, to preview and bring back. A reset can be undone.`,
  },
  { icon: Contrast, title: 'Readable by everyone', text: 'A warning when text gets hard to read, with the nearest colour that fixes it.' },
];

const TRAVEL: readonly ShowcaseItem[] = [
  {
    icon: QrCode,
    title: 'A QR code',
    text: 'In your colour or black, with your picture in the middle if you like, for print and screens.',
  },
  {
    icon: Share2,
    title: 'Easy to pass on',
    text: 'A share button on your page: the phone’s share sheet, a copied link, or a tap to WhatsApp and more.',
  },
  {
    icon: AppWindow,
    title: 'Out of app browsers',
    text: 'Opened inside Instagram or TikTok, your page offers the visitor their own browser. Analytics says which apps.',
  },
  { icon: AtSign, title: 'Verified as you', text: 'Mark your Mastodon or blog as yours, and they can show your page as verified.' },
  {
    icon: ImageIcon,
    title: 'A picture when shared',
    text: 'Chats and feeds show a card drawn from your look: your picture, name and bio.',
  },
  {
    icon: MailPlus,
    title: 'Your own list',
    text: 'An email sign-up on your page, in your words. Confirmed by email on sites that send mail; export it any time.',
  },
  {
    icon: LinkBroken,
    title: 'Broken links spotted',
    text: 'Each link is checked once a day (unless the site turned it off); one that stops working is flagged for you.',
  },
];

const NUMBERS: readonly ShowcaseItem[] = [
  {
    icon: BarChart3,
    title: 'Views and clicks',
    text: 'Visitors and clicks per day and per link, over 7, 30 or 90 days, and a year on Business.',
  },
  { icon: Globe, title: 'Where visitors come from', text: 'The sites and apps that send them, their countries, devices and browsers.' },
  { icon: Download, title: 'Yours to keep', text: 'Download your figures as a spreadsheet whenever you like.' },
];

const ACCOUNT: readonly ShowcaseItem[] = [
  {
    icon: UserRound,
    title: 'A name that can change',
    text: `Change your username every ${PRODUCT_COUNTS.usernameDays} days. Your old address forwards visitors for 30.`,
  },
  { icon: KeyRound, title: 'Never locked out', text: 'Reset a forgotten password by email, on sites that send mail.' },
  { icon: MonitorSmartphone, title: 'Your devices', text: 'See where you are signed in, and sign out the others in one click.' },
  { icon: Download, title: 'Take everything with you', text: 'Export your links, looks, pictures and figures in one download.' },
];

const SPEED: readonly ShowcaseItem[] = [
  { icon: Smartphone, title: 'Opens at once', text: 'Your page arrives ready to read, even on a slow phone connection.' },
  { icon: Gauge, title: 'Light by design', text: 'Effects load only when your page uses them, and only your font is sent.' },
  { icon: ShieldCheck, title: 'Safe to customize', text: 'Nothing you change can break your page, or touch anyone else’s.' },
];

export function FeaturesPage() {
  return (
    <>
      <ShowcaseHero
        pill="Features"
        title="Everything your page needs,"
        highlight="nothing in the way"
        lead="Your links, your look and your numbers, on a page that opens instantly on any phone."
        actions={[
          { to: '/register', label: 'Get Started Free' },
          { to: '/examples', label: 'View Examples' },
        ]}
      />
      <ShowcaseSection id="links-title" title="Your links, your way" items={LINKS} />
      <ShowcaseSection
        id="look-title"
        title="A look that is yours"
        lead="Every change shows in a live preview before anyone else sees it."
        items={LOOK}
      />
      <ShowcaseSection id="travel-title" title="A page that travels" items={TRAVEL} />
      <ShowcaseSection
        id="numbers-title"
        title="Analytics you can trust"
        lead="Counted by this site itself: no outside trackers on your page."
        items={NUMBERS}
      />
      <ShowcaseSection id="account-title" title="An account you keep" items={ACCOUNT} />
      <ShowcaseSection id="speed-title" title="Fast everywhere" items={SPEED} />
      <CallToAction title="Ready to claim your link?" text="Create your page for free. It takes less than a minute." />
    </>
  );
}

const SERVICES: readonly ShowcaseItem[] = [
  {
    icon: Palette,
    title: 'Profile Creation',
    text: 'From a one-click theme to every colour, font and effect, with a live preview as you go.',
    to: '/services/profile-creation',
  },
  {
    icon: BarChart3,
    title: 'Analytics & Insights',
    text: 'What is counted, what is not, and how to read your figures.',
    to: '/services/analytics',
  },
  {
    icon: Building2,
    title: 'Business Solutions',
    text: 'The Business plan, verified badges, and Linkverse for a brand or a team.',
    to: '/services/business-solutions',
  },
  {
    icon: BookOpen,
    title: 'Getting started',
    text: 'Your page, from sign-up to your first visitors, in about five minutes.',
    to: '/guides/getting-started',
  },
  { icon: Sparkles, title: 'Examples', text: 'Finished pages with very different looks, for ideas.', to: '/examples' },
  { icon: LifeBuoy, title: 'Support', text: 'Answers to common questions, and how to reach this site’s team.', to: '/support' },
];

export function ServicesPage() {
  return (
    <>
      <ShowcaseHero
        pill="Services"
        title="What Linkverse"
        highlight="does for you"
        lead="Build your page, see who visits, and run it for a whole team. Each page below shows how."
      />
      <ShowcaseSection id="services-title" title="Pick a starting point" items={SERVICES} />
      <CallToAction title="Start with your own page" text="Free to create, and yours to change whenever you like." />
    </>
  );
}

const BUSINESS: readonly ShowcaseItem[] = [
  {
    icon: Building2,
    title: 'The Business plan',
    text: 'The most room for links and uploads, no Linkverse branding, and the verified badge. See what each plan holds here.',
    to: '/pricing',
  },
  { icon: BadgeCheck, title: 'Verified badge', text: 'A blue check beside your name, so visitors know the page is really yours.' },
  { icon: Globe, title: 'Your own domain', text: 'Run Linkverse at your own address, with a page per person or product on it.' },
  { icon: Users, title: 'Names kept for you', text: 'Your brand and product names reserved, so nobody else can take them.' },
  { icon: FileClock, title: 'A record of changes', text: 'Every change an admin makes is logged: who, what, when and why.' },
  {
    icon: Search,
    title: 'Found by search engines',
    text: 'Each page has its own title and description, and is listed for search engines.',
  },
];

export function BusinessSolutionsPage() {
  return (
    <>
      <ShowcaseHero
        pill="Business Solutions"
        title="Linkverse for"
        highlight="brands and teams"
        lead="One site for every person, product and campaign, on an address you own and a server you control."
        actions={[
          { to: '/pricing', label: 'See the plans' },
          { to: '/docs', label: 'Run it yourself' },
        ]}
      />
      <ShowcaseSection
        id="business-title"
        title="What a business gets"
        lead="Plans are given by the team that runs this site: there is nothing to pay here."
        items={BUSINESS}
      />
      <CallToAction
        title="Setting up a site for your team?"
        text="The documentation covers installing, your own domain, backups and running on several servers."
        to="/docs"
        label="Read the documentation"
      />
    </>
  );
}
