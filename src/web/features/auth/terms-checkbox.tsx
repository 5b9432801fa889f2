import type { ComponentProps } from 'react';
import { Link } from 'react-router';

/** The terms box of every way to make an account (the registration form, single sign-on's choice): what its form's `field('acceptTerms')` gives. */
export function TermsCheckbox(input: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <label className="flex items-start gap-3 text-sm text-zinc-300">
      <input type="checkbox" className="mt-0.5 size-4 rounded border-border bg-surface accent-primary" {...input} />
      <span>
        I accept the{' '}
        <Link to="/terms" className="font-semibold text-primary-text hover:underline">
          terms and conditions
        </Link>
      </span>
    </label>
  );
}
