import { describe, expect, it } from 'vitest';
import { droppedCustomCss, sanitizeCustomCss } from '#shared/custom-css.ts';
import { CUSTOM_CSS_MAX_LENGTH } from '#shared/customization.ts';

// Custom CSS is untrusted (issue 9): what survives of each hostile input.
const MEDIA = `/media/${'a'.repeat(64)}.webp`;
const HOSTILE: [string, string, string][] = [
  ['a plain rule is scoped to the profile', 'a { color: red }', '.lv-profile a{color:red}'],
  [
    'html, body and :root become the profile element',
    'html, body, :root { --lv-primary: #f00 }',
    '.lv-profile,.lv-profile,.lv-profile{--lv-primary: #f00 }',
  ],
  ['@import is dropped', '@import url("https://evil.example/x.css"); p { margin: 0 }', '.lv-profile p{margin:0}'],
  [
    '@import inside @media is dropped',
    '@media (max-width: 500px) { @import "x.css"; .a { color: red } }',
    '@media (max-width:500px){.lv-profile .a{color:red}}',
  ],
  ['an outside url() drops the declaration', 'body { background: url(https://evil.example/x.png); color: red }', '.lv-profile{color:red}'],
  ['a protocol-relative url() is dropped', '.a { background: url(//evil.example/x.png) }', ''],
  ['a data: url() is dropped', '.a { background-image: url("data:image/svg+xml,<svg/>") }', ''],
  ['an own /media/ url() stays', `.a { background: url(${MEDIA}) }`, `.lv-profile .a{background:url(${MEDIA})}`],
  ['image-set() with outside strings is dropped', '.a { background-image: image-set("https://evil.example/a.png" 1x) }', ''],
  ['expression() is dropped', '.a { width: expression(alert(1)) }', ''],
  ['behavior is dropped', '.a { behavior: url(x.htc) }', ''],
  ['-moz-binding is dropped', '.a { -moz-binding: url(x.xml#xss) }', ''],
  ['position: fixed overlays are dropped', '.a { position: fixed; inset: 0; z-index: 9999 }', '.lv-profile .a{inset:0;z-index:9999}'],
  ['position: sticky is dropped, absolute stays', '.a { position: sticky } .b { position: absolute }', '.lv-profile .b{position:absolute}'],
  ['a backslash-escaped url( is dropped', '.a { background: u\\72 l(https://evil.example) }', ''],
  ['an escaped property name is dropped', '.a { \\62 ehavior: url(x) }', ''],
  [
    '</style> inside a string cannot close the element',
    'p::after { content: "</style><script>alert(1)</script>" }',
    '.lv-profile p::after{content:"\\3c /style>\\3c script>alert(1)\\3c /script>"}',
  ],
  ['markup outside any rule leaves nothing', '</style><script>alert(1)</script>', ''],
  ['a selector starting with a combinator is dropped', '~ footer, + .lv-footer { display: none }', ''],
  ['naming the document root deeper in a selector is dropped', '.x html { color: red } .y :root { color: red }', ''],
  ['@font-face (outside fonts) is dropped', '@font-face { font-family: x; src: url(https://evil.example/f.woff2) }', ''],
  [
    '@namespace and @charset are dropped',
    '@charset "utf-8"; @namespace svg url(http://www.w3.org/2000/svg); .a{color:red}',
    '.lv-profile .a{color:red}',
  ],
  [
    'keyframes keep their safe declarations',
    '@keyframes k { from { opacity: 0 } to { background: url(https://x.example) } }',
    '@keyframes k{from{opacity:0}}',
  ],
  ['a rule holding a nested rule is dropped', 'div { .inner { color: red } color: blue }', ''],
  [
    'containment of the root cannot be undone',
    '.a { contain: none; content-visibility: visible; color: red }',
    '.lv-profile .a{color:red}',
  ],
  ['a custom property cannot hide a url()', ':root { --bg: url(https://evil.example/x.png); --ok: 4px }', '.lv-profile{--ok: 4px }'],
];

describe('custom CSS sanitizing', () => {
  it.each(HOSTILE)('%s', (_name, input, expected) => {
    expect(sanitizeCustomCss(input)).toBe(expected);
  });

  it('keeps complex selectors, pseudo-elements and @supports inside the scope', () => {
    expect(sanitizeCustomCss('.a .b > c:hover::before { color: red } @supports (display: grid) { .g { display: grid } }')).toBe(
      '.lv-profile .a .b>c:hover::before{color:red}@supports (display:grid){.lv-profile .g{display:grid}}',
    );
  });

  it('returns nothing for empty, blank or over-long input', () => {
    expect(sanitizeCustomCss('')).toBe('');
    expect(sanitizeCustomCss('   \n ')).toBe('');
    expect(sanitizeCustomCss(`.a{color:red}${' '.repeat(CUSTOM_CSS_MAX_LENGTH)}`)).toBe('');
  });

  it('never lets a < through, whatever the input', () => {
    for (const input of ['a{content:"<"}', '<a>', 'a{b:<c>}', '@media <x> { a { color: red } }', 'a[title="<script>"]{color:red}']) {
      expect(sanitizeCustomCss(input)).not.toContain('<');
    }
  });

  it('says what it left out, on which line and why, and nothing for what it kept (issue 27)', () => {
    const css = [
      '@import url(https://evil.example/x.css);',
      '.links { gap: 2rem; position: fixed; background: url(https://evil.example/a.png); }',
      '~ footer { display: none }',
      'a { color: red; background: url(/media/' + 'a'.repeat(64) + '.webp) }',
      '@font-face { font-family: x; src: url(/x.woff) }',
      'html body .x { color: blue }',
    ].join('\n');
    expect(droppedCustomCss(css)).toEqual([
      { line: 1, what: '@import', why: 'only @media, @supports and @keyframes are allowed' },
      { line: 2, what: 'position: fixed', why: 'fixed and sticky positions could cover the rest of the page' },
      { line: 2, what: 'background: url(https://evil.example/a.png)', why: 'only files uploaded to this site can be loaded' },
      { line: 3, what: '~footer', why: 'this selector could reach outside your page' },
      { line: 5, what: '@font-face', why: 'only @media, @supports and @keyframes are allowed' },
      { line: 6, what: 'html body .x', why: 'this selector could reach outside your page' },
    ]);
    expect(droppedCustomCss('.links { gap: 2rem }\n@media (min-width: 600px) { a { color: red } }')).toEqual([]);
    expect(droppedCustomCss('a{}'.repeat(CUSTOM_CSS_MAX_LENGTH))).toEqual([{ line: null, what: 'Everything', why: 'the CSS is too long' }]);
    // The report and the page agree: what is reported is what the page leaves out.
    expect(sanitizeCustomCss(css)).toBe(
      '.lv-profile .links{gap:2rem}.lv-profile a{color:red;background:url(/media/' + 'a'.repeat(64) + '.webp)}',
    );
  });
});
