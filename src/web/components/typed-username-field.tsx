import type { ComponentProps } from 'react';
import type { z } from 'zod';
import { TYPED_USERNAME_MISMATCH, typedUsernameMatches } from '#shared/typed-username.ts';
import { Input, Label } from '#web/components/ui/input.tsx';
import { partsAround, useAppWords } from '#web/lib/site-words.ts';

/** What the field asks, the username in it: to confirm, or to delete it for good. */
export const TYPED_USERNAME_LABELS = {
  confirm: /*i18n*/ { id: 'app.typedUsername.confirm', message: 'Type {username} to confirm' },
  deleteForGood: /*i18n*/ { id: 'app.typedUsername.deleteForGood', message: 'Type {username} to delete it for good' },
} as const;

/** The field of a deletion's second question: the username typed out (what a form's `field('username')` gives). */
export function TypedUsernameField({
  username,
  asks = 'confirm',
  ...input
}: { id: string; username: string; asks?: keyof typeof TYPED_USERNAME_LABELS } & Omit<ComponentProps<'input'>, 'type'>) {
  const [before, after] = partsAround(useAppWords(), TYPED_USERNAME_LABELS[asks], 'username');
  return (
    <div className="space-y-2">
      <Label htmlFor={input.id}>
        {before}
        <bdi className="font-mono text-zinc-100" translate="no">
          {username}
        </bdi>
        {after}
      </Label>
      <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...input} />
    </div>
  );
}

/** The form's schema, and the typed username must be this one (the server checks it again). */
export function typingUsername<Schema extends z.ZodType<{ username: string }>>(schema: Schema, username: string) {
  return schema.refine((input) => typedUsernameMatches(input.username, username), { path: ['username'], message: TYPED_USERNAME_MISMATCH });
}
