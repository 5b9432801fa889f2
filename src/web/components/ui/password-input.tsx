import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Input, Label } from '#web/components/ui/input.tsx';

export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className="pr-12" {...props} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center text-zinc-400 hover:text-white"
        aria-label={visible ? 'Hide password' : 'Show password'}
      >
        {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
      </button>
    </div>
  );
}

/** A labelled password field of a form read by its field names (valuesOf): its name is its id. */
export function PasswordField({
  name,
  label,
  autoComplete,
  invalid,
}: {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  invalid: boolean;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      <PasswordInput id={name} name={name} autoComplete={autoComplete} aria-invalid={invalid || undefined} />
    </div>
  );
}
