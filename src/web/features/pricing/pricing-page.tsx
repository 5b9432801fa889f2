import { Check, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useSession } from '#web/features/auth/use-session.ts';
import { cn } from '#web/lib/utils.ts';

// The plans and add-ons of spec 001 §9. Payment is not built: an admin assigns plans.

const PLANS = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    features: [
      ['Up to 5 links', true],
      ['1 profile layout', true],
      ['Basic analytics', true],
      ['10MB image hosting', true],
      ['Custom fonts', false],
      ['Branding removal', false],
      ['Custom domain', false],
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$6.99',
    featured: true,
    features: [
      ['Unlimited links', true],
      ['5 layouts', true],
      ['Advanced analytics', true],
      ['Custom fonts and themes', true],
      ['Branding removal', true],
      ['Priority support', true],
      ['50MB image hosting', true],
      ['Custom domain (add-on)', true],
    ],
  },
  {
    id: 'business',
    name: 'Business',
    price: '$19.99',
    features: [
      ['All Pro features', true],
      ['10+ layouts', true],
      ['Premium analytics', true],
      ['Verified badge', true],
      ['SEO tools', true],
      ['Custom domain', true],
      ['1GB image hosting', true],
      ['Dedicated account manager', true],
    ],
  },
] as const;

const ADD_ONS = [
  { name: 'Verified Badge', price: '$14.99' },
  { name: 'Image Hosting (500MB)', price: '$3.99' },
  { name: 'Custom Domain', price: '$9.99' },
];

export function PricingPage() {
  const { user } = useSession();
  return (
    <section className="mx-auto max-w-6xl px-4 pb-24 pt-32 sm:px-6">
      <div className="text-center">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
          Simple, <span className="text-gradient">lifetime</span> pricing
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-muted">Pay once, keep it forever. Upgrades cost only the difference.</p>
      </div>
      <div className="mt-14 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <Card
            key={plan.id}
            className={cn('flex flex-col p-8', 'featured' in plan && plan.featured && 'border-primary/60 shadow-2xl shadow-primary/20')}
            data-testid={`plan-${plan.id}`}
          >
            {'featured' in plan && plan.featured && (
              <span className="mb-4 self-start rounded-full bg-primary/20 px-3 py-1 text-xs font-semibold text-primary-text">
                Most popular
              </span>
            )}
            <h2 className="text-xl font-bold">{plan.name}</h2>
            <p className="mt-2">
              <span className="text-4xl font-black">{plan.price}</span>
              <span className="text-muted"> one-time</span>
            </p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {plan.features.map(([feature, included]) => (
                <li key={feature} className={cn('flex items-center gap-3', !included && 'text-zinc-400')}>
                  {included ? (
                    <Check className="size-4 text-emerald-400" aria-label="Included" />
                  ) : (
                    <X className="size-4" aria-label="Not included" />
                  )}
                  {feature}
                </li>
              ))}
            </ul>
            {user ? (
              <p className="mt-8 rounded-xl border border-border bg-surface-raised/60 px-4 py-3 text-center text-sm text-muted">
                {user.plan === plan.id ? 'Your current plan' : 'Plans are assigned by your site admin.'}
              </p>
            ) : (
              <Button asChild className="mt-8" variant={'featured' in plan && plan.featured ? 'primary' : 'outline'}>
                <Link to="/register">{plan.id === 'free' ? 'Start for free' : `Get ${plan.name}`}</Link>
              </Button>
            )}
          </Card>
        ))}
      </div>
      <h2 className="mt-20 text-center text-2xl font-bold">Add-ons</h2>
      <div className="mx-auto mt-8 grid max-w-3xl gap-4 sm:grid-cols-3">
        {ADD_ONS.map((addOn) => (
          <Card key={addOn.name} className="text-center">
            <p className="font-semibold">{addOn.name}</p>
            <p className="mt-1 text-2xl font-black">{addOn.price}</p>
          </Card>
        ))}
      </div>
      <p className="mt-10 text-center text-sm text-muted">Payment methods: major cards, PayPal and cryptocurrency.</p>
    </section>
  );
}
