import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, serverMessageOr } from './api.ts';
import { toast } from './toast.ts';
import { useSiteMessages } from './site-words.ts';

// The app's one way to change something through the API: every change a
// screen makes goes through useApiMutation, which says what came of it, in
// the screen's language (issue 54): the product's messages are written in
// English and said from their English (message-words.ts); the server's own
// words come in the account's language already.

/** A toast: its title, a line under it, and for a change that can be taken back, its Undo (offered for 10 s). */
export type Toast = string | { title: string; description?: string | undefined; undo?: (() => void) | undefined };

/** How long a toast with an Undo stays: long enough to read it and change one's mind. */
const UNDO_TOAST_MS = 10_000;

/** A form that shows a failure beside its fields (useSchemaForm's showFailure). */
export interface FailureTarget {
  showFailure: (message: string, fieldErrors?: Record<string, string>) => void;
}

interface ApiMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** What follows a success whoever asked for it: the caches it changed, the session read again. */
  onSuccess?: (result: Result, variables: Variables) => unknown;
  /** Said when the server was not reached or gave no reason; or what to say of any failure (a browser's refusal). */
  failure: string | ((caught: unknown) => Toast);
  /** A failure's toast is titled so, with the message under it (the control center's "Error", spec 001 §8). */
  failureTitle?: string;
  /** The toast after a success, when the screen does not show the change by itself. */
  success?: Toast | ((result: Result, variables: Variables) => Toast | undefined);
}

interface RunOptions<Result> {
  /** Show a failure above this form's fields, on the field the server names, instead of in a toast. */
  form?: FailureTarget;
  /** What to say of this failure, when the server gave no reason (a toggle's words, not an edit's). */
  failure?: string;
  /** Another toast after a success than the mutation's own, or none (false). */
  success?: Toast | false | ((result: Result) => Toast | undefined);
  onSuccess?: (result: Result) => unknown;
  /** After the failure was shown: to undo an optimistic change, or to act on the server's code. */
  onFailure?: (caught: unknown) => unknown;
}

/** Words the app says in a toast of its own. */
const UNDO = 'Undo';

function showToast(tone: 'success' | 'error', said: Toast, say: (message: string) => string): void {
  const { title, description, undo } = typeof said === 'string' ? { title: said, description: undefined, undo: undefined } : said;
  toast[tone](say(title), {
    ...(description && { description: say(description) }),
    ...(undo && { action: { label: say(UNDO), onClick: undo }, duration: UNDO_TOAST_MS }),
  });
}

/**
 * A change through the API, and what comes of it: on success the caches and
 * the toast; on failure the server's words (or `failure` when it said none),
 * on the form's field it names, or in a toast. `run` resolves to whether it
 * was done, and never throws.
 */
export function useApiMutation<Variables = void, Result = unknown>(options: ApiMutationOptions<Variables, Result>) {
  const [pending, setPending] = useState(0);
  const [variables, setVariables] = useState<Variables | undefined>(undefined);
  // run keeps its identity from render to render (an effect may depend on it) and uses the latest options.
  const latest = useRef(options);
  const say = useSiteMessages();
  const latestSay = useRef(say);
  useLayoutEffect(() => {
    latest.current = options;
    latestSay.current = say;
  });
  /** The change and what follows it whoever asked (the caches), without a word said: throws as the call did. */
  const call = useCallback(async (variables: Variables): Promise<Result> => {
    const mutation = latest.current;
    setPending((count) => count + 1);
    setVariables(() => variables);
    try {
      const result = await mutation.mutationFn(variables);
      await mutation.onSuccess?.(result, variables);
      return result;
    } finally {
      setPending((count) => count - 1);
    }
  }, []);

  const run = useCallback(
    async (variables: Variables, runOptions: RunOptions<Result> = {}): Promise<boolean> => {
      const mutation = latest.current;
      const say = latestSay.current;
      let result: Result;
      try {
        result = await call(variables);
      } catch (caught) {
        const failure = runOptions.failure ?? mutation.failure;
        const said = typeof failure === 'function' ? failure(caught) : serverMessageOr(caught, failure);
        const message = typeof said === 'string' ? said : said.title;
        if (runOptions.form) runOptions.form.showFailure(message, caught instanceof ApiError ? caught.fieldErrors : {});
        else showToast('error', mutation.failureTitle ? { title: mutation.failureTitle, description: message } : said, say);
        await runOptions.onFailure?.(caught);
        return false;
      }
      const said =
        runOptions.success === undefined
          ? typeof mutation.success === 'function'
            ? mutation.success(result, variables)
            : mutation.success
          : typeof runOptions.success === 'function'
            ? runOptions.success(result)
            : runOptions.success || undefined;
      if (said) showToast('success', said, say);
      await runOptions.onSuccess?.(result);
      return true;
    },
    [call],
  );
  /** isPending: whether a call is under way; variables: what the latest call was given; call: the change alone, for a caller that says what came of it itself. */
  return { run, call, isPending: pending > 0, variables };
}
