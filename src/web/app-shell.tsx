import { type ReactNode, StrictMode, Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '#web/lib/constants.ts';
import { loadSonner } from '#web/lib/toast.ts';
import { useWords } from '#web/lib/words.ts';

const toastWords = {
  region: /*i18n*/ { id: 'site.toasts.region', message: 'Notifications' },
  close: /*i18n*/ { id: 'site.toasts.close', message: 'Close' },
} as const;

/** The page's language as its html element says it, followed as it changes (the toasts live outside the router). */
function subscribeToLanguage(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
function useDocumentLanguage(): string {
  return useSyncExternalStore(
    subscribeToLanguage,
    () => document.documentElement.lang,
    () => '',
  );
}

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/**
 * The toasts' host, mounted once the page has loaded: a page's first load does
 * not wait for it, and sonner shows a toast raised before it was there.
 */
function Toasts() {
  const [mounted, setMounted] = useState(false);
  // Named in the screen's language (issue 54), as it changes (the dashboard speaks the account's).
  const t = useWords('site', useDocumentLanguage());
  useEffect(() => {
    const mount = () => setMounted(true);
    if (document.readyState === 'complete') mount();
    else window.addEventListener('load', mount, { once: true });
    return () => window.removeEventListener('load', mount);
  }, []);
  if (!mounted) return null;
  // On a phone the forms' buttons sit at the bottom of the screen: toasts come from the top there (issue 27).
  const phone = window.matchMedia('(max-width: 640px)').matches;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme="dark"
        position={phone ? 'top-center' : 'bottom-right'}
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        containerAriaLabel={t(toastWords.region)}
        toastOptions={{ closeButtonAriaLabel: t(toastWords.close) }}
      />
    </Suspense>
  );
}

/** What surrounds the router, in the browser and in the prerender alike (their trees must match to hydrate). */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {children}
      <Toasts />
    </StrictMode>
  );
}
