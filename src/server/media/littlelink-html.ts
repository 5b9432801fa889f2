import { DomUtils, parseDocument } from 'htmlparser2';

// Reading a LittleLink page's HTML is work a page can make heavy (a document
// nested thousands deep costs a parser its depth): it runs in the media
// worker, bounded in time and in jobs per account (MediaProcessor), and gives
// back only these facts, which the import then reads (page-transfer/import-sources.ts).

/** What a LittleLink page's index.html holds, as the import reads it. */
export interface LittleLinkFacts {
  /** Each `<a class="button …" href>`, in order: its address, its classes and its words. */
  buttons: { href: string; classes: string; text: string }[];
  /** The words of the first `<h1>` and of the first `<p>`. */
  heading?: string;
  paragraph?: string;
  /** The avatar's `src`, a file beside the page that an import cannot fetch. */
  avatar?: string;
}

/** An element of a parsed page, as htmlparser2's finders give it. */
type Element = Parameters<Parameters<typeof DomUtils.findOne>[0]>[0];

const hasClass = (element: Element, name: string) => (element.attribs.class ?? '').split(/\s+/).includes(name);
const wordsOf = (element: Element | null) => (element ? DomUtils.textContent(element).replace(/\s+/g, ' ').trim() : undefined);

export function readLittleLinkHtml(html: string): LittleLinkFacts {
  const document = parseDocument(html);
  const buttons = DomUtils.findAll(
    (element) => element.name === 'a' && hasClass(element, 'button') && Boolean(element.attribs.href),
    document.children,
  );
  const avatar = DomUtils.findOne((element) => element.name === 'img' && hasClass(element, 'avatar'), document.children, true);
  return {
    buttons: buttons.map((button) => ({ href: button.attribs.href!, classes: button.attribs.class ?? '', text: wordsOf(button) ?? '' })),
    heading: wordsOf(DomUtils.findOne((element) => element.name === 'h1', document.children, true)),
    paragraph: wordsOf(DomUtils.findOne((element) => element.name === 'p', document.children, true)),
    avatar: avatar?.attribs.src,
  };
}
