import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/utils.ts';
import { useSiteAddress, useSiteWords } from '#web/lib/site-words.ts';

// The landing page's visual language, shared by the pages that present the
// product to creators (features, services, business): a hero with a pill and
// a gradient line, sections of icon cards, and a closing call to action.
// Their texts come translated; their links lead to the pages in the same language.

/** A large button whose words may be longer than a phone is wide (a longer language's): they wrap, centred. */
const WRAPPING = 'h-auto min-h-12 whitespace-normal py-3 text-center';

export const showcaseWords = {
  getStarted: /*i18n*/ { id: 'site.showcase.getStarted', message: 'Get Started Free' },
} as const;

export interface ShowcaseItem {
  icon: LucideIcon;
  title: string;
  text: string;
  /** A page that tells more. */
  to?: string;
}

/** Where a hero leads: the first is the main action, the next an outlined one. */
interface HeroAction {
  to: string;
  label: string;
}

export function ShowcaseHero(props: { pill: string; title: string; highlight: string; lead: string; actions?: readonly HeroAction[] }) {
  const { pill, title, highlight, lead, actions = [] } = props;
  const addressOf = useSiteAddress();
  return (
    <section className="relative overflow-hidden px-4 pb-12 pt-32 text-center sm:px-6 md:pt-40">
      <div aria-hidden="true" className="absolute inset-0 -z-20 bg-gradient-to-br from-primary/20 via-background to-secondary/15" />
      <div
        aria-hidden="true"
        className="absolute left-1/2 top-24 -z-10 h-80 w-80 -translate-x-1/2 rounded-full bg-primary/25 blur-[120px]"
      />
      <p className="mb-5 inline-flex items-center rounded-full border border-primary/30 bg-primary/10 px-4 py-1.5 text-xs font-semibold text-primary-text">
        {pill}
      </p>
      <h1 className="mx-auto max-w-3xl text-4xl font-black leading-tight tracking-tight sm:text-5xl">
        {title} <span className="text-gradient">{highlight}</span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-zinc-400">{lead}</p>
      {actions.length > 0 && (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions.map((action, index) => (
            <Button key={action.to} asChild size="lg" variant={index === 0 ? 'primary' : 'outline'} className={WRAPPING}>
              <Link to={addressOf(action.to)}>
                {action.label} {index === 0 && <ArrowRight className="rtl:-scale-x-100" />}
              </Link>
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

function ShowcaseCard({ item }: { item: ShowcaseItem }) {
  const addressOf = useSiteAddress();
  const card = (
    <Card className={item.to ? 'h-full transition-all group-hover:-translate-y-1 group-hover:border-primary/50' : 'h-full'}>
      <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-primary/25 to-secondary/25 text-primary">
        <item.icon className="size-5" aria-hidden="true" />
      </span>
      <h3 className="mt-4 font-semibold">{item.title}</h3>
      <p className="mt-2 text-sm text-muted">{item.text}</p>
    </Card>
  );
  return item.to ? (
    <Link to={addressOf(item.to)} className="group">
      {card}
    </Link>
  ) : (
    card
  );
}

/** A grid of icon cards, under a heading when it has one. */
export function ShowcaseSection({ id, title, lead, items }: { id: string; title: string; lead?: string; items: readonly ShowcaseItem[] }) {
  return (
    <section className="px-4 py-14 sm:px-6" aria-labelledby={id}>
      <div className="mx-auto max-w-6xl">
        <h2 id={id} className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        {lead && <p className="mx-auto mt-3 max-w-xl text-center text-muted">{lead}</p>}
        {/* Four cards sit in one row rather than three and an orphan. */}
        <div className={cn('mt-10 grid gap-5 sm:grid-cols-2', items.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}>
          {items.map((item) => (
            <ShowcaseCard key={item.title} item={item} />
          ))}
        </div>
      </div>
    </section>
  );
}

/** The closing band: one question, one sentence, and where to go. */
export function CallToAction({ title, text, to = '/register', label }: { title: string; text: string; to?: string; label?: string }) {
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  return (
    <section className="px-4 pb-24 pt-8 sm:px-6">
      <div className="mx-auto max-w-4xl rounded-3xl border border-primary/30 bg-gradient-to-br from-primary/20 via-surface to-secondary/20 px-6 py-14 text-center">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-lg text-zinc-300">{text}</p>
        <Button asChild size="lg" className={`mt-8 ${WRAPPING}`}>
          <Link to={addressOf(to)}>
            {label ?? t(showcaseWords.getStarted)} <ArrowRight className="rtl:-scale-x-100" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
