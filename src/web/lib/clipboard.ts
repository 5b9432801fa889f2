import { toast } from '#web/lib/toast.ts';

/** Copy text, and say in a toast whether it worked: `copied` when it did, `failed` (what to do instead) when it did not. */
export async function copyWithToast(text: string, copied: string, failed: { message: string; description?: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(failed.message, failed.description === undefined ? undefined : { description: failed.description });
  }
}
