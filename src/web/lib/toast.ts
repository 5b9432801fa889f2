import type { ExternalToast } from 'sonner';

// sonner's toast, loaded with the toasts' host once the page has loaded
// (app-shell.tsx), or by the first toast shown before that: a page's first load
// carries none of it (issue 51 §5). Once loaded, a toast is shown at once, as
// it is raised.

let sonner: typeof import('sonner') | undefined;
let loading: Promise<typeof import('sonner')> | undefined;

/** sonner, loaded once. */
export function loadSonner(): Promise<typeof import('sonner')> {
  loading ??= import('sonner').then((module) => (sonner = module));
  return loading;
}

const shown = (tone: 'success' | 'error' | 'message') => (message: string, options?: ExternalToast) => {
  const show = ({ toast }: typeof import('sonner')) => (tone === 'message' ? toast(message, options) : toast[tone](message, options));
  if (sonner) show(sonner);
  else void loadSonner().then(show);
};

export const toast = { success: shown('success'), error: shown('error'), message: shown('message') };
