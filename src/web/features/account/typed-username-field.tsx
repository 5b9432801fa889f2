import { TYPED_USERNAME_MISMATCH, typedUsernameMatches } from '#shared/typed-username.ts';
import { Input, Label } from '#web/components/ui/input.tsx';
import { focusField } from '#web/features/auth/use-form-error.ts';

/** The field of a deletion's second question: the username typed out (its form field is `username`). */
export function TypedUsernameField({ id, username, label, invalid }: { id: string; username: string; label: string; invalid: boolean }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        Type <span className="font-mono text-zinc-100">{username}</span> {label}
      </Label>
      <Input id={id} name="username" autoComplete="off" autoCapitalize="none" spellCheck={false} aria-invalid={invalid || undefined} />
    </div>
  );
}

/** Whether the form's typed username is right; if not, says so on the field (the server checks it again). */
export function checkTypedUsername(
  form: HTMLFormElement,
  typed: string,
  username: string,
  show: (message: string, field: string) => void,
): boolean {
  if (typedUsernameMatches(typed, username)) return true;
  show(TYPED_USERNAME_MISMATCH, 'username');
  focusField(form, 'username');
  return false;
}
