import type { ComponentProps } from 'react';
import type { z } from 'zod';
import { TYPED_USERNAME_MISMATCH, typedUsernameMatches } from '#shared/typed-username.ts';
import { Input, Label } from '#web/components/ui/input.tsx';

/** The field of a deletion's second question: the username typed out (what a form's `field('username')` gives). */
export function TypedUsernameField({
  username,
  label,
  ...input
}: { id: string; username: string; label: string } & Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="space-y-2">
      <Label htmlFor={input.id}>
        Type <span className="font-mono text-zinc-100">{username}</span> {label}
      </Label>
      <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...input} />
    </div>
  );
}

/** The form's schema, and the typed username must be this one (the server checks it again). */
export function typingUsername<Schema extends z.ZodType<{ username: string }>>(schema: Schema, username: string) {
  return schema.refine((input) => typedUsernameMatches(input.username, username), { path: ['username'], message: TYPED_USERNAME_MISMATCH });
}
