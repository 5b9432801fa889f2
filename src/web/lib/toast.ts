import type { ExternalToast } from 'sonner';

// sonner's toast, loaded when the first one is shown (the Toaster itself is
// lazy in app-shell.tsx): a page's first load carries none of it (issue 51 §5).

const shown = (tone: 'success' | 'error' | 'message') => (message: string, options?: ExternalToast) =>
  void import('sonner').then(({ toast }) => (tone === 'message' ? toast(message, options) : toast[tone](message, options)));

export const toast = { success: shown('success'), error: shown('error'), message: shown('message') };
