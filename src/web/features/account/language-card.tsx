import { Languages } from 'lucide-react';
import { LanguageOptions } from '#web/components/ui/language-options.tsx';
import type { Language } from '#shared/i18n/languages.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Label, Select } from '#web/components/ui/input.tsx';
import { useSaveLanguage } from './use-account.ts';
import { useAppWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'app.language.title', message: 'Language' },
  text: /*i18n*/ {
    id: 'app.language.text',
    message:
      'The dashboard, the mail this site sends you and the messages it answers you with are in this language (a few of the dashboard’s tabs, and the control center, are still in English), and so are the words of your pages whose own language is left on “Same as your account”.',
  },
  label: /*i18n*/ { id: 'app.language.label', message: 'Your language' },
} as const;

/**
 * The person's language (issue 54): the dashboard's and the control center's, the site's mail to them and the
 * messages its answers carry, and the words of their pages that have no language of their own. Saved as it is picked.
 */
export function LanguageCard({ user }: { user: CurrentUser }) {
  const save = useSaveLanguage();
  const t = useAppWords();
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Languages className="size-5 text-primary-text" aria-hidden="true" /> {t(words.title)}
      </h2>
      <p id="account-language-hint" className="mt-1 text-sm text-muted">
        {t(words.text)}
      </p>
      <div className="mt-5 space-y-2">
        <Label htmlFor="account-language">{t(words.label)}</Label>
        <Select
          id="account-language"
          aria-describedby="account-language-hint"
          value={user.language}
          disabled={save.isPending}
          onChange={(event) => save.run(event.target.value as Language)}
          className="w-full sm:w-72"
        >
          <LanguageOptions />
        </Select>
      </div>
    </Card>
  );
}
