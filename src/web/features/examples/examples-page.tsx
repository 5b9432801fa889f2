import { Maximize2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { FontStylesheet } from '#web/features/links/font-stylesheet.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { EXAMPLE_PAGES } from 'virtual:linkverse-example-pages';
import type { ExamplePage } from './example-pages.tsx';

/** One example: the page in a phone frame, and a button that opens it full size. */
function ExampleCard({ example }: { example: ExamplePage }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The full-size page is drawn when opened, not with the list: three pages to draw and hydrate, not six.
  const [fullSize, setFullSize] = useState(false);
  // The example's font is asked for once the page runs, not in the prerendered HTML: its
  // stylesheet would hold back the whole page's first paint, and the text swaps into it anyway.
  const hydrated = useHydrated();
  const { name, html } = example;
  const titleId = `example-${example.username}`;
  return (
    <li className="flex flex-col gap-4">
      {hydrated && <FontStylesheet font={example.font} />}
      {/* Laid out and painted only near the screen (content-visibility): on a phone, one frame of three at a time. */}
      <div
        className="mx-auto h-[560px] w-full max-w-[300px] overflow-y-auto rounded-[2.25rem] border-[10px] border-zinc-800 shadow-2xl shadow-primary/10 [content-visibility:auto]"
        data-testid="example-profile"
        // Drawn at build time by ProfileView, and the same on the server and here: nothing to hydrate.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <div className="mx-auto max-w-[300px] text-center">
        <h2 id={titleId} className="font-semibold text-white">
          {name}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">{example.summary}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          aria-label={`Open ${name}'s page full size`}
          onClick={() => {
            flushSync(() => setFullSize(true));
            dialog.current?.showModal();
          }}
        >
          <Maximize2 aria-hidden="true" /> Open full size
        </Button>
      </div>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-background p-0 backdrop:bg-black/70"
        onClose={() => setFullSize(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) dialog.current?.close();
        }}
      >
        <div className="relative min-h-full">
          <Button
            variant="outline"
            size="icon"
            className="fixed right-4 top-4 z-50 bg-background/80"
            aria-label={`Close the full-size example of ${name}`}
            onClick={() => dialog.current?.close()}
          >
            <X aria-hidden="true" />
          </Button>
          {fullSize && <div className="grid min-h-dvh" dangerouslySetInnerHTML={{ __html: html }} />}
        </div>
      </dialog>
    </li>
  );
}

/** /examples: example pages drawn live by the same ProfileView as every public page (issue 11). */
export function ExamplesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 pt-28 sm:px-6 md:pt-32">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">Examples</h1>
        <p className="mt-4 text-lg text-zinc-400">
          Three example pages, drawn live by the code that draws every Linkverse page. The people are made up, and so are their links, which
          open nothing; every look uses only options from the Customize tab.
        </p>
      </div>
      <ul className="mt-14 grid gap-14 md:grid-cols-3 md:gap-8">
        {EXAMPLE_PAGES.map((example) => (
          <ExampleCard key={example.username} example={example} />
        ))}
      </ul>
      <p className="mt-16 text-center">
        <Button asChild size="lg">
          <Link to="/register">Make your own page</Link>
        </Button>
      </p>
    </div>
  );
}
