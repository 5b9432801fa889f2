import { Link } from 'react-router';

/** The terms box of every way to make an account (the registration form, single sign-on's choice). */
export function TermsCheckbox({ id, invalid }: { id?: string; invalid?: boolean }) {
  return (
    <label className="flex items-start gap-3 text-sm text-zinc-300">
      <input
        type="checkbox"
        id={id}
        className="mt-0.5 size-4 rounded border-border bg-surface accent-primary"
        aria-invalid={invalid || undefined}
        name="acceptTerms"
      />
      <span>
        I accept the{' '}
        <Link to="/terms" className="font-semibold text-primary-text hover:underline">
          terms and conditions
        </Link>
      </span>
    </label>
  );
}
