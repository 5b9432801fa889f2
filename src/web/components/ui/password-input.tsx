import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Input, Label } from '#web/components/ui/input.tsx';
import { useSiteWords } from '#web/lib/site-words.ts';

const passwordWords = {
  show: /*i18n*/ { id: 'site.auth.showPassword', message: 'Show password' },
  hide: /*i18n*/ { id: 'site.auth.hidePassword', message: 'Hide password' },
} as const;

export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const t = useSiteWords();
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className="pe-12" {...props} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        className="absolute inset-y-0 end-0 flex w-12 items-center justify-center text-zinc-400 hover:text-white"
        aria-label={t(visible ? passwordWords.hide : passwordWords.show)}
      >
        {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  );
}

/** A labelled password field: what a form's `field(name)` gives (its name, ref and handlers, whether it is invalid); its name is its id. */
export function PasswordField({
  label,
  ...input
}: { label: string; name: string; autoComplete: 'current-password' | 'new-password' } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  return (
    <div className="space-y-2">
      <Label htmlFor={input.name}>{label}</Label>
      <PasswordInput id={input.name} {...input} />
    </div>
  );
}
