import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { authWords as words } from './auth-words.ts';
import { partsAround, useSiteWords } from '#web/lib/site-words.ts';

/** The terms box of every way to make an account (the registration form, single sign-on's choice): what its form's `field('acceptTerms')` gives. */
export function TermsCheckbox(input: Omit<ComponentProps<'input'>, 'type'>) {
  const t = useSiteWords();
  // The link sits where the language puts it ('I accept the terms and conditions', '利用規約に同意します').
  const [before, after] = partsAround(t, words.acceptTerms, 'terms');
  return (
    <label className="flex items-start gap-3 text-sm text-zinc-300">
      <input type="checkbox" className="mt-0.5 size-4 rounded border-border bg-surface accent-primary" {...input} />
      <span>
        {before}
        <Link to="/terms" className="font-semibold text-primary-text hover:underline">
          {t(words.termsAndConditions)}
        </Link>
        {after}
      </span>
    </label>
  );
}
