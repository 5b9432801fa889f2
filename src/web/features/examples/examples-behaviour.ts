// What /examples does once drawn, written against the DOM (as site-page-behaviour.ts):
// the examples page calls it from an effect, and the static page's script
// (site-page.ts) on the markup the build drew. Its dialogs open and close without script.

/**
 * Each example's font, asked for once the page is drawn (its stylesheet in the
 * HTML would hold back the first paint, and the text swaps into it anyway); and
 * the full-size page drawn into its dialog when opened, from the phone frame's
 * markup, and emptied when closed: three pages drawn with the list, not six.
 * Returns the cleanup.
 */
export function showExamples(page: Document): () => void {
  const fonts = new Set([...page.querySelectorAll<HTMLElement>('[data-example-font]')].map((element) => element.dataset.exampleFont!));
  const links = [...fonts].map((href) => {
    const link = page.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    page.head.append(link);
    return link;
  });
  const cleanups = [...page.querySelectorAll<HTMLElement>('[data-example]')].map((example) => {
    const frame = example.querySelector('[data-example-frame]');
    const opener = example.querySelector('[data-example-open]');
    const dialog = example.querySelector('dialog');
    const fullSize = example.querySelector('[data-example-full-size]');
    if (!frame || !opener || !dialog || !fullSize) return () => undefined;
    // The frame's markup is the build's (ProfileView's, from example-profiles.ts), not anyone's input.
    const draw = () => (fullSize.innerHTML = frame.innerHTML);
    const empty = () => fullSize.replaceChildren();
    opener.addEventListener('click', draw);
    dialog.addEventListener('close', empty);
    return () => {
      opener.removeEventListener('click', draw);
      dialog.removeEventListener('close', empty);
    };
  });
  return () => {
    for (const link of links) link.remove();
    for (const cleanup of cleanups) cleanup();
  };
}
