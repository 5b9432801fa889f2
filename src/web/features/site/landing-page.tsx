import { ArrowRight, BarChart3, Gauge, Infinity as InfinityIcon, Palette, Sparkles, Server } from 'lucide-react';
import { type FormEvent, type Ref, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { initialsOf } from '#shared/names.ts';
import { cn, siteHost } from '#web/lib/utils.ts';
import { SAMPLE_NAME, mirrorClaimedName } from './site-page-behaviour.ts';
import { useSocialProof } from '#web/lib/use-site-features.ts';
import { CallToAction, ShowcaseSection } from './showcase.tsx';

const BACKGROUNDS = [
  'from-primary/25 via-background to-secondary/15',
  'from-secondary/20 via-background to-accent/15',
  'from-accent/15 via-background to-primary/25',
] as const;

const FEATURES = [
  { icon: BarChart3, title: 'Real analytics', text: 'Views, clicks and traffic sources counted on the server, not guessed.' },
  { icon: Palette, title: 'Custom themes', text: 'Fonts, colours, gradients and effects that make the page yours.' },
  { icon: InfinityIcon, title: 'All your links', text: 'Every profile, shop and post behind one short address.' },
  { icon: Sparkles, title: 'Animations', text: 'Particles, glows and motion, loaded only when you use them.' },
  { icon: Gauge, title: 'Instant on phones', text: 'Pages are rendered on the server and arrive ready to read.' },
  { icon: Server, title: 'Self-hostable', text: 'Two commands to install. Your data stays on your server.' },
] as const;

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
  const socialProof = useSocialProof();

  useEffect(() => (claimBox.current && preview.current ? mirrorClaimedName(claimBox.current, preview.current) : undefined), []);

  const onClaim = (event: FormEvent) => {
    event.preventDefault();
    // mirrorClaimedName keeps the box in the address's form.
    const claim = claimBox.current?.value ?? '';
    navigate(claim ? `/register?username=${encodeURIComponent(claim)}` : '/register');
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
          <div className="text-center lg:text-left">
            <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/10 px-4 py-1.5 text-xs font-semibold text-primary-text">
              <Sparkles className="size-3.5" aria-hidden="true" /> The link-in-bio you host yourself
            </p>
            <h1 className="text-4xl font-black leading-tight tracking-tight sm:text-5xl lg:text-6xl">
              One link to showcase your <span className="text-gradient">entire digital world</span>
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-zinc-400 lg:mx-0">
              Bring your socials, shop, music and videos together on a page that loads instantly and looks exactly like you.
            </p>
            {/* Without script the form still works: a GET to /register?username=… */}
            <form
              action="/register"
              method="get"
              onSubmit={onClaim}
              className="mx-auto mt-8 flex max-w-lg flex-col gap-3 rounded-2xl border border-border bg-surface/80 p-2 backdrop-blur sm:flex-row lg:mx-0"
            >
              <label htmlFor="claim-username" className="flex flex-1 items-center rounded-xl bg-background/60 px-4">
                <span className="text-sm text-muted">{siteHost()}/</span>
                <input
                  ref={claimBox}
                  id="claim-username"
                  name="username"
                  placeholder={SAMPLE_NAME}
                  // A name still to be claimed: not one the browser has saved.
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-label="Your username"
                  className="h-12 min-w-0 flex-1 bg-transparent text-sm font-semibold text-white outline-none placeholder:font-normal placeholder:text-zinc-500"
                />
              </label>
              <Button type="submit" size="lg">
                Claim now
              </Button>
            </form>
            <div className="mt-6 flex flex-wrap justify-center gap-3 lg:justify-start">
              <Button asChild size="lg" variant="outline">
                <Link to="/register">
                  Get Started Free <ArrowRight />
                </Link>
              </Button>
              <Button asChild size="lg" variant="ghost">
                <Link to="/examples">View Examples</Link>
              </Button>
            </div>
            {/* The line's room is kept while it loads (or when there is none), so nothing below moves. */}
            <p className="mt-6 min-h-5 text-sm text-muted" data-social-proof>
              {socialProof}
            </p>
          </div>
          <ProfilePreview ref={preview} />
        </div>
      </section>

      <ShowcaseSection
        id="features-title"
        title="Everything your page needs"
        lead="Built for creators, influencers and businesses."
        items={FEATURES.map((feature) => ({ ...feature, to: '/features' }))}
      />
      <CallToAction title="Ready to claim your link?" text="Create your page for free. It takes less than a minute." />
    </>
  );
}

/** Static marketing sample: the figures are illustrative, the name is what the visitor typed (mirrorClaimedName). */
function ProfilePreview({ ref }: { ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="mx-auto w-full max-w-sm" aria-label="Sample profile preview">
      <div className="rounded-[2.5rem] border border-border bg-surface/90 p-6 shadow-2xl shadow-primary/20 backdrop-blur">
        <div className="flex flex-col items-center text-center">
          <span
            className="flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-primary to-secondary text-2xl font-bold ring-4 ring-primary/30"
            data-claimed-initials
          >
            {initialsOf(SAMPLE_NAME)}
          </span>
          <p className="mt-4 text-lg font-bold" data-testid="preview-username" data-claimed-name>
            @{SAMPLE_NAME}
          </p>
          <p className="mt-1 text-sm text-muted">Creator · Dreamer · Builder</p>
          <div className="mt-4 flex gap-6 text-sm">
            <span>
              <strong className="block text-white">12.4k</strong>
              <span className="text-muted">visits</span>
            </span>
            <span>
              <strong className="block text-white">3.1k</strong>
              <span className="text-muted">clicks</span>
            </span>
          </div>
        </div>
        <div className="mt-6 space-y-3">
          {['My latest video', 'Shop my favourites', 'Listen on Spotify'].map((title) => (
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
