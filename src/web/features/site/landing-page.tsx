import { ArrowRight, BarChart3, Gauge, Infinity as InfinityIcon, Palette, Sparkles, Server } from 'lucide-react';
import { type FormEvent, type Ref, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { initialsOf } from '#shared/names.ts';
import { cn, siteHost } from '#web/lib/utils.ts';
import { SAMPLE_NAME, mirrorClaimedName } from './site-page-behaviour.ts';
import { useSocialProof } from '#web/lib/use-site-features.ts';
import { COUNT_MARK } from '#web/lib/site-features.ts';
import { useSiteAddress, useSiteLanguage, useSiteWords } from '#web/lib/site-words.ts';
import { CallToAction, ShowcaseSection } from './showcase.tsx';

const BACKGROUNDS = [
  'from-primary/25 via-background to-secondary/15',
  'from-secondary/20 via-background to-accent/15',
  'from-accent/15 via-background to-primary/25',
] as const;

const words = {
  pill: /*i18n*/ { id: 'site.landing.pill', message: 'The link-in-bio you host yourself' },
  title: /*i18n*/ { id: 'site.landing.title', message: 'One link to showcase your' },
  highlight: /*i18n*/ { id: 'site.landing.highlight', message: 'entire digital world' },
  lead: /*i18n*/ {
    id: 'site.landing.lead',
    message: 'Bring your socials, shop, music and videos together on a page that loads instantly and looks exactly like you.',
  },
  yourUsername: /*i18n*/ { id: 'site.landing.yourUsername', message: 'Your username' },
  claim: /*i18n*/ { id: 'site.landing.claim', message: 'Claim now' },
  getStarted: /*i18n*/ { id: 'site.landing.getStarted', message: 'Get Started Free' },
  viewExamples: /*i18n*/ { id: 'site.landing.viewExamples', message: 'View Examples' },
  joinCreators: /*i18n*/ { id: 'site.landing.joinCreators', message: 'Join {count} creators on Linkverse' },
  featuresTitle: /*i18n*/ { id: 'site.landing.featuresTitle', message: 'Everything your page needs' },
  featuresLead: /*i18n*/ { id: 'site.landing.featuresLead', message: 'Built for creators, influencers and businesses.' },
  ctaTitle: /*i18n*/ { id: 'site.landing.ctaTitle', message: 'Ready to claim your link?' },
  ctaText: /*i18n*/ { id: 'site.landing.ctaText', message: 'Create your page for free. It takes less than a minute.' },
  samplePreview: /*i18n*/ { id: 'site.landing.samplePreview', message: 'Sample profile preview' },
  sampleBio: /*i18n*/ { id: 'site.landing.sampleBio', message: 'Creator · Dreamer · Builder' },
  sampleVisits: /*i18n*/ { id: 'site.landing.sampleVisits', message: 'visits' },
  sampleClicks: /*i18n*/ { id: 'site.landing.sampleClicks', message: 'clicks' },
  sampleVideo: /*i18n*/ { id: 'site.landing.sampleVideo', message: 'My latest video' },
  sampleShop: /*i18n*/ { id: 'site.landing.sampleShop', message: 'Shop my favourites' },
  sampleMusic: /*i18n*/ { id: 'site.landing.sampleMusic', message: 'Listen on Spotify' },
  analyticsTitle: /*i18n*/ { id: 'site.landing.analyticsTitle', message: 'Real analytics' },
  analyticsText: /*i18n*/ {
    id: 'site.landing.analyticsText',
    message: 'Views, clicks and traffic sources counted on the server, not guessed.',
  },
  themesTitle: /*i18n*/ { id: 'site.landing.themesTitle', message: 'Custom themes' },
  themesText: /*i18n*/ { id: 'site.landing.themesText', message: 'Fonts, colours, gradients and effects that make the page yours.' },
  linksTitle: /*i18n*/ { id: 'site.landing.linksTitle', message: 'All your links' },
  linksText: /*i18n*/ { id: 'site.landing.linksText', message: 'Every profile, shop and post behind one short address.' },
  animationsTitle: /*i18n*/ { id: 'site.landing.animationsTitle', message: 'Animations' },
  animationsText: /*i18n*/ { id: 'site.landing.animationsText', message: 'Particles, glows and motion, loaded only when you use them.' },
  phonesTitle: /*i18n*/ { id: 'site.landing.phonesTitle', message: 'Instant on phones' },
  phonesText: /*i18n*/ { id: 'site.landing.phonesText', message: 'Pages are rendered on the server and arrive ready to read.' },
  selfHostTitle: /*i18n*/ { id: 'site.landing.selfHostTitle', message: 'Self-hostable' },
  selfHostText: /*i18n*/ { id: 'site.landing.selfHostText', message: 'Two commands to install. Your data stays on your server.' },
} as const;

const FEATURES = [
  { icon: BarChart3, title: words.analyticsTitle, text: words.analyticsText },
  { icon: Palette, title: words.themesTitle, text: words.themesText },
  { icon: InfinityIcon, title: words.linksTitle, text: words.linksText },
  { icon: Sparkles, title: words.animationsTitle, text: words.animationsText },
  { icon: Gauge, title: words.phonesTitle, text: words.phonesText },
  { icon: Server, title: words.selfHostTitle, text: words.selfHostText },
] as const;

/** The thousands separator of a language, as the prerender writes it into a page (no Intl on a phone). */
function thousandsSeparatorOf(language: string): string {
  return (
    new Intl.NumberFormat(language, { numberingSystem: 'latn' }).formatToParts(1000).find((part) => part.type === 'group')?.value ?? ','
  );
}

/**
 * The landing page (spec 000 §2). Its background rotates every 5 s and its glow
 * fades in after a second by CSS alone (styles.css), and the claim box drives
 * the sample preview through the DOM (mirrorClaimedName): a visitor who is not
 * signed in gets it as a static page that loads no React (site-page.ts).
 */
export function LandingPage() {
  const claimBox = useRef<HTMLInputElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const t = useSiteWords();
  const language = useSiteLanguage();
  const addressOf = useSiteAddress();
  const creatorCount = { sentence: t(words.joinCreators, { count: COUNT_MARK }), group: thousandsSeparatorOf(language) };
  const socialProof = useSocialProof(creatorCount);

  useEffect(() => (claimBox.current && preview.current ? mirrorClaimedName(claimBox.current, preview.current) : undefined), []);

  const onClaim = (event: FormEvent) => {
    event.preventDefault();
    // mirrorClaimedName keeps the box in the address's form.
    const claim = claimBox.current?.value ?? '';
    navigate(claim ? `${addressOf('/register')}?username=${encodeURIComponent(claim)}` : addressOf('/register'));
  };

  return (
    <>
      <section className="relative overflow-hidden px-4 pb-20 pt-32 sm:px-6 md:pt-40">
        {BACKGROUNDS.map((gradient) => (
          <div
            key={gradient}
            aria-hidden="true"
            data-testid="landing-background"
            className={cn('landing-background absolute inset-0 -z-20 bg-gradient-to-br', gradient)}
          />
        ))}
        <div
          aria-hidden="true"
          data-testid="hero-glow"
          className="hero-glow absolute left-1/2 top-24 -z-10 h-[28rem] w-[28rem] -translate-x-1/2 rounded-full bg-primary/30 blur-[120px]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-14 lg:grid-cols-[1.2fr_1fr]">
          <div className="text-center lg:text-start">
            <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/10 px-4 py-1.5 text-xs font-semibold text-primary-text">
              <Sparkles className="size-3.5" aria-hidden="true" /> {t(words.pill)}
            </p>
            <h1 className="text-4xl font-black leading-tight tracking-tight sm:text-5xl lg:text-6xl">
              {t(words.title)} <span className="text-gradient">{t(words.highlight)}</span>
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-zinc-400 lg:mx-0">{t(words.lead)}</p>
            {/* Without script the form still works: a GET to /register?username=… */}
            <form
              action={addressOf('/register')}
              method="get"
              onSubmit={onClaim}
              className="mx-auto mt-8 flex max-w-lg flex-col gap-3 rounded-2xl border border-border bg-surface/80 p-2 backdrop-blur sm:flex-row lg:mx-0"
            >
              <label htmlFor="claim-username" dir="ltr" className="flex flex-1 items-center rounded-xl bg-background/60 px-4">
                <span className="text-sm text-muted" translate="no">
                  {siteHost()}/
                </span>
                <input
                  ref={claimBox}
                  id="claim-username"
                  // A username is a name, never translated.
                  translate="no"
                  name="username"
                  placeholder={SAMPLE_NAME}
                  // A name still to be claimed: not one the browser has saved.
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-label={t(words.yourUsername)}
                  className="h-12 min-w-0 flex-1 bg-transparent text-sm font-semibold text-white outline-none placeholder:font-normal placeholder:text-zinc-500"
                />
              </label>
              <Button type="submit" size="lg">
                {t(words.claim)}
              </Button>
            </form>
            <div className="mt-6 flex flex-wrap justify-center gap-3 lg:justify-start">
              <Button asChild size="lg" variant="outline">
                <Link to={addressOf('/register')}>
                  {t(words.getStarted)} <ArrowRight className="rtl:-scale-x-100" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="ghost">
                <Link to={addressOf('/examples')}>{t(words.viewExamples)}</Link>
              </Button>
            </div>
            {/* The line's room is kept while it loads (or when there is none), so nothing below moves. */}
            <p
              className="mt-6 min-h-5 text-sm text-muted"
              data-social-proof
              data-social-proof-sentence={creatorCount.sentence}
              data-social-proof-group={creatorCount.group}
            >
              {socialProof}
            </p>
          </div>
          <ProfilePreview ref={preview} />
        </div>
      </section>

      <ShowcaseSection
        id="features-title"
        title={t(words.featuresTitle)}
        lead={t(words.featuresLead)}
        items={FEATURES.map((feature) => ({ icon: feature.icon, title: t(feature.title), text: t(feature.text), to: '/features' }))}
      />
      <CallToAction title={t(words.ctaTitle)} text={t(words.ctaText)} />
    </>
  );
}

/** Static marketing sample: the figures are illustrative, the name is what the visitor typed (mirrorClaimedName). */
function ProfilePreview({ ref }: { ref: Ref<HTMLDivElement> }) {
  const t = useSiteWords();
  const compact = new Intl.NumberFormat(useSiteLanguage(), { notation: 'compact', maximumFractionDigits: 1, numberingSystem: 'latn' });
  return (
    <div ref={ref} className="mx-auto w-full max-w-sm" aria-label={t(words.samplePreview)}>
      <div className="rounded-[2.5rem] border border-border bg-surface/90 p-6 shadow-2xl shadow-primary/20 backdrop-blur">
        <div className="flex flex-col items-center text-center">
          <span
            className="flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-primary to-secondary text-2xl font-bold ring-4 ring-primary/30"
            data-claimed-initials
            translate="no"
          >
            {initialsOf(SAMPLE_NAME)}
          </span>
          <p className="mt-4 text-lg font-bold" dir="ltr" translate="no" data-testid="preview-username" data-claimed-name>
            @{SAMPLE_NAME}
          </p>
          <p className="mt-1 text-sm text-muted">{t(words.sampleBio)}</p>
          <div className="mt-4 flex gap-6 text-sm">
            <span>
              <strong className="block text-white" translate="no">
                {compact.format(12_400)}
              </strong>
              <span className="text-muted">{t(words.sampleVisits)}</span>
            </span>
            <span>
              <strong className="block text-white" translate="no">
                {compact.format(3_100)}
              </strong>
              <span className="text-muted">{t(words.sampleClicks)}</span>
            </span>
          </div>
        </div>
        <div className="mt-6 space-y-3">
          {[words.sampleVideo, words.sampleShop, words.sampleMusic]
            .map((descriptor) => t(descriptor))
            .map((title) => (
              <div
                key={title}
                className="rounded-xl bg-gradient-to-r from-primary/80 to-secondary/80 px-4 py-3 text-center text-sm font-semibold"
              >
                {title}
              </div>
            ))}
        </div>
      </div>
    </div>
  );
}
