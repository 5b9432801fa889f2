import { Maximize2, X } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { EXAMPLE_PAGES } from 'virtual:linkverse-example-pages';
import type { ExamplePage } from './example-pages.tsx';
import { showExamples } from './examples-behaviour.ts';
import { useSiteAddress, useSiteWords } from '#web/lib/site-words.ts';

const words = {
  title: /*i18n*/ { id: 'site.examples.title', message: 'Examples' },
  lead: /*i18n*/ {
    id: 'site.examples.lead',
    message:
      'Three example pages, drawn live by the code that draws every Linkverse page. The people are made up, and so are their links, which open nothing; every look uses only options from the Customize tab, some of them (fonts, most themes) on the Pro plan.',
  },
  openFullSize: /*i18n*/ { id: 'site.examples.openFullSize', message: 'Open full size' },
  openNamed: /*i18n*/ { id: 'site.examples.openNamed', message: "Open {name}'s page full size" },
  closeNamed: /*i18n*/ { id: 'site.examples.closeNamed', message: 'Close the full-size example of {name}' },
  makeYourOwn: /*i18n*/ { id: 'site.examples.makeYourOwn', message: 'Make your own page' },
} as const;

/** One example: the page in a phone frame, and a button that opens it full size (drawn then, by showExamples). */
function ExampleCard({ example }: { example: ExamplePage }) {
  const { name, html } = example;
  const titleId = `example-${example.username}`;
  const dialogId = `example-${example.username}-full-size`;
  const t = useSiteWords();
  return (
    <li className="flex flex-col gap-4" data-example="" data-example-font={example.fontStylesheet ?? undefined}>
      {/* Laid out and painted only near the screen (content-visibility): on a phone, one frame of three at a time. */}
      <div
        className="mx-auto h-[560px] w-full max-w-[300px] overflow-y-auto rounded-[2.25rem] border-[10px] border-zinc-800 shadow-2xl shadow-primary/10 [content-visibility:auto]"
        data-testid="example-profile"
        data-example-frame=""
        // A page taller than its frame scrolls in it: from the keyboard too.
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        // Drawn at build time by ProfileView, and the same on the server and here: nothing to hydrate.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <div className="mx-auto max-w-[300px] text-center">
        <h2 id={titleId} className="font-semibold text-white" translate="no">
          {name}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">{t(example.summary)}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          aria-label={t(words.openNamed, { name })}
          command="show-modal"
          commandfor={dialogId}
          data-example-open=""
        >
          <Maximize2 aria-hidden="true" /> {t(words.openFullSize)}
        </Button>
      </div>
      {/* Opened and closed by the browser (invoker commands; a click on the backdrop closes it too). */}
      <dialog
        id={dialogId}
        aria-labelledby={titleId}
        closedby="any"
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-background p-0 backdrop:bg-black/70"
      >
        <div className="relative min-h-full">
          <Button
            variant="outline"
            size="icon"
            className="fixed end-4 top-4 z-50 bg-background/80"
            aria-label={t(words.closeNamed, { name })}
            command="close"
            commandfor={dialogId}
          >
            <X aria-hidden="true" />
          </Button>
          <div className="grid min-h-dvh" data-example-full-size="" />
        </div>
      </dialog>
    </li>
  );
}

/** /examples: example pages drawn live by the same ProfileView as every public page (issue 11). */
export function ExamplesPage() {
  useEffect(() => showExamples(document), []);
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 pt-28 sm:px-6 md:pt-32">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{t(words.title)}</h1>
        <p className="mt-4 text-lg text-zinc-400">{t(words.lead)}</p>
      </div>
      <ul className="mt-14 grid gap-14 md:grid-cols-3 md:gap-8">
        {EXAMPLE_PAGES.map((example) => (
          <ExampleCard key={example.username} example={example} />
        ))}
      </ul>
      <p className="mt-16 text-center">
        <Button asChild size="lg">
          <Link to={addressOf('/register')}>{t(words.makeYourOwn)}</Link>
        </Button>
      </p>
    </div>
  );
}
