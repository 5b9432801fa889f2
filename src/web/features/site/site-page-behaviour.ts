import { USERNAME_MAX_LENGTH } from '#shared/constants.ts';
import { initialsOf } from '#shared/names.ts';
import { NAVBAR_SOLID_SCROLL_PX } from '#web/lib/constants.ts';
import { loadSiteFeatures, socialProofLine } from '#web/lib/site-features.ts';
import { closestLanguage } from '#shared/i18n/language-match.ts';

// What the site's pages do once drawn, written against the DOM rather than
// React: the app's components call these from an effect, and a static page
// (site-page.ts), which loads no React, calls them on the markup the build drew
// from the same components. One behaviour, whichever draws the page.

/**
 * Marks the navbar as scrolled (data-scrolled, which its classes follow) past 20 px (spec 001 §2).
 * A marker 20 px down the page, watched for leaving the screen: no scroll listener, and nothing
 * read from the layout while the page is still being drawn (a forced layout, on a phone, is a long task).
 * Returns the cleanup.
 */
export function followNavbarScroll(header: HTMLElement): () => void {
  const marker = document.createElement('div');
  marker.setAttribute('aria-hidden', 'true');
  Object.assign(marker.style, { position: 'absolute', top: `${NAVBAR_SOLID_SCROLL_PX}px`, left: '0', width: '1px', height: '1px' });
  document.body.prepend(marker);
  const observer = new IntersectionObserver(([entry]) => {
    if (entry) header.dataset.scrolled = String(!entry.isIntersecting);
  });
  observer.observe(marker);
  return () => {
    observer.disconnect();
    marker.remove();
  };
}

/** The name the landing page's sample preview shows before one is typed (and the claim box's placeholder). */
export const SAMPLE_NAME = 'yourname';

/** What a name typed into the landing page's claim box becomes: the address's form of it. */
function claimedName(typed: string): string {
  return typed.toLowerCase().slice(0, USERNAME_MAX_LENGTH);
}

/**
 * The landing page's sample preview shows the name typed into the claim box
 * (spec 000 §2), lower-cased as the address will be. Returns the cleanup.
 */
export function mirrorClaimedName(input: HTMLInputElement, preview: ParentNode): () => void {
  const onInput = () => {
    const name = claimedName(input.value);
    if (input.value !== name) input.value = name;
    const shown = name || SAMPLE_NAME;
    for (const element of preview.querySelectorAll<HTMLElement>('[data-claimed-name]')) element.textContent = `@${shown}`;
    for (const element of preview.querySelectorAll<HTMLElement>('[data-claimed-initials]')) element.textContent = initialsOf(shown);
  };
  onInput();
  input.addEventListener('input', onInput);
  return () => input.removeEventListener('input', onInput);
}

/** A static page's parts that depend on this site's set-up: the Community link and who uses the site. */
export async function showSiteFeatures(page: ParentNode): Promise<void> {
  const features = await loadSiteFeatures();
  if (features.communityUrl) {
    for (const link of page.querySelectorAll<HTMLAnchorElement>('a[data-community-link]')) {
      link.href = features.communityUrl;
      link.hidden = false;
    }
  }
  for (const element of page.querySelectorAll<HTMLElement>('[data-social-proof]')) {
    const { socialProofSentence: sentence, socialProofGroup: group } = element.dataset;
    const line = socialProofLine(features, sentence && group ? { sentence, group } : undefined);
    if (line) element.textContent = line;
  }
}

/** Stripe sends a buyer who cancels back to /pricing?checkout=cancelled. */
export function isCheckoutCancelled(search: string): boolean {
  return new URLSearchParams(search).get('checkout') === 'cancelled';
}

/** The pricing page's word after a cancelled checkout, drawn hidden: shown for that address. */
export function showCheckoutCancelled(page: ParentNode, search: string): void {
  const note = page.querySelector<HTMLElement>('[data-checkout-cancelled]');
  if (note) note.hidden = !isCheckoutCancelled(search);
}

/** Where a visitor's "Not now" to the language suggestion is kept, so that it is not made again. */
const SUGGESTION_DISMISSED_KEY = 'lv-language-suggestion-dismissed';

/**
 * A home page suggests the site in the browser's language when it speaks it and the page is in another (issue 54):
 * the suggestion the build drew hidden, in that language (language-suggestion.tsx), is shown; following it or
 * putting it away ends it for good on this browser. Never a redirect.
 */
export function suggestLanguage(page: Document, browserLanguages: readonly string[]): void {
  const suggestions = [...page.querySelectorAll<HTMLElement>('[data-language-suggestion]')];
  // The page's own language is among the codes: a browser that prefers it gets no suggestion.
  const codes = [page.documentElement.lang, ...suggestions.map((element) => element.dataset.languageSuggestion ?? '')];
  const wanted = closestLanguage(browserLanguages, codes);
  const suggestion = suggestions.find((element) => element.dataset.languageSuggestion === wanted);
  if (!suggestion) return;
  try {
    if (localStorage.getItem(SUGGESTION_DISMISSED_KEY)) return;
  } catch {
    // Storage refused (a private window's settings): the suggestion is made, and put away for this page.
  }
  const putAway = () => {
    suggestion.hidden = true;
    try {
      localStorage.setItem(SUGGESTION_DISMISSED_KEY, '1');
    } catch {
      // Not kept: it may be made again on the next visit.
    }
  };
  suggestion.querySelector('[data-language-suggestion-dismiss]')?.addEventListener('click', putAway);
  suggestion.querySelector('a')?.addEventListener('click', putAway);
  suggestion.hidden = false;
}
