import type { Atrule, Block, CssNode, Declaration, Rule, Selector, StyleSheet } from 'css-tree';
import generate from 'css-tree/generator';
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import { CUSTOM_CSS_MAX_LENGTH } from './customization.ts';

// A creator's custom CSS is untrusted input (issue 9). It is parsed with a real
// CSS parser and rebuilt from what is allowed: every selector is scoped to the
// profile's root element, so it can restyle the profile and nothing else (the
// 'Powered by' footer sits outside that element); at-rules other than @media,
// @supports and @keyframes are dropped (@import, @font-face, @namespace…); a
// declaration is dropped when it loads anything but the product's own /media/
// files, uses expression(), behavior or -moz-binding, pins an overlay with
// position fixed or sticky, changes the root's containment, or hides a trick
// behind a backslash escape. The output cannot close the <style> element.

/** The element custom CSS is scoped to: ProfileView's root of the profile's content. */
export const CUSTOM_CSS_SCOPE_CLASS = 'lv-profile';

const ALLOWED_AT_RULES = new Set(['media', 'supports', 'keyframes']);
const FORBIDDEN_PROPERTIES = new Set(['behavior', '-moz-binding', 'contain', 'content-visibility', '-ms-behavior']);
const FORBIDDEN_FUNCTIONS = new Set(['expression', 'image-set', 'src', 'element', 'paint', '-moz-element']);
const OWN_MEDIA_URL = /^\/media\/[0-9a-f]{64}\.(?:jpg|png|webp)$/;
const ROOT_TYPE_SELECTORS = new Set(['html', 'body']);

function unprefixed(name: string): string {
  return name.toLowerCase().replace(/^-(?:webkit|moz|ms|o)-/, '');
}

/** What the sanitizer left out of a creator's CSS, and why (shown under the Custom CSS box). */
export interface DroppedCss {
  /** The line of the custom CSS it starts on. */
  line: number | null;
  what: string;
  why: string;
}
type Report = (node: CssNode, what: string, why: string) => void;
const ignore: Report = () => undefined;

const OWN_FILES_ONLY = 'only files uploaded to this site can be loaded';

/** Why a declaration may not stay, or undefined when it may. */
function unsafeDeclaration(declaration: Declaration): string | undefined {
  const property = declaration.property.toLowerCase();
  if (FORBIDDEN_PROPERTIES.has(property)) return `${property} is not allowed`;
  const value = generate(declaration.value);
  if (property.includes('\\') || value.includes('\\')) return 'backslash escapes are not allowed';
  if (property.startsWith('--')) {
    // A custom property's value is kept as raw text: no function may hide in it.
    return /url\(|expression|image-set|@import/i.test(value) ? 'a custom property cannot load anything or hold a function' : undefined;
  }
  if (unprefixed(property) === 'position' && /\b(?:fixed|sticky)\b/i.test(value)) {
    return 'fixed and sticky positions could cover the rest of the page';
  }
  let why: string | undefined;
  walk(declaration.value, (node: CssNode) => {
    if (node.type === 'Url' && !OWN_MEDIA_URL.test(node.value)) why ??= OWN_FILES_ONLY;
    if (node.type === 'Function' && FORBIDDEN_FUNCTIONS.has(unprefixed(node.name))) why ??= `${node.name}() is not allowed`;
    if (node.type === 'Raw' && /url\(|expression|image-set/i.test(node.value)) why ??= OWN_FILES_ONLY;
  });
  return why;
}

/** Keep only the block's safe declarations (nested rules are dropped). */
function sanitizeDeclarations(block: Block, report: Report): boolean {
  const kept = block.children.filter((node) => {
    if (node.type !== 'Declaration') {
      report(node, node.type === 'Rule' ? generate(node.prelude) : generate(node), 'nested rules are not supported');
      return false;
    }
    const why = unsafeDeclaration(node);
    if (why) report(node, `${node.property}: ${generate(node.value)}`, why);
    return !why;
  });
  block.children = kept;
  return !kept.isEmpty;
}

function isRootSelectorPart(node: CssNode): boolean {
  return (
    (node.type === 'TypeSelector' && ROOT_TYPE_SELECTORS.has(node.name.toLowerCase())) ||
    (node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'root')
  );
}

/**
 * The selector inside the scope: `a` becomes `.lv-profile a`; `html`, `body`
 * and `:root` at its start become the scope element itself. A selector that
 * starts with a combinator (`~ footer`) or names the document root anywhere
 * else could reach outside, and is dropped (undefined).
 */
function scopeSelector(selector: Selector): Selector | undefined {
  const parts = selector.children.toArray();
  const first = parts[0];
  if (!first || first.type === 'Combinator') return undefined;
  const firstCompoundEnd = parts.findIndex((node) => node.type === 'Combinator');
  const compoundEnd = firstCompoundEnd === -1 ? parts.length : firstCompoundEnd;
  let namesRoot = false;
  let unsafe = false;
  parts.forEach((node, index) => {
    if (isRootSelectorPart(node)) {
      if (index < compoundEnd) namesRoot = true;
      else unsafe = true;
    }
    walk(node, (inner: CssNode) => {
      if (inner !== node && isRootSelectorPart(inner)) unsafe = true;
    });
  });
  if (unsafe) return undefined;
  const scope: CssNode = { type: 'ClassSelector', name: CUSTOM_CSS_SCOPE_CLASS };
  const rest = namesRoot ? parts.filter((node, index) => !(index < compoundEnd && isRootSelectorPart(node))) : parts;
  const scoped: CssNode[] = namesRoot ? [scope, ...rest] : [scope, { type: 'Combinator', name: ' ' }, ...rest];
  selector.children = selector.children.fromArray(scoped);
  return selector;
}

function sanitizeRule(rule: Rule, report: Report): boolean {
  if (rule.prelude.type !== 'SelectorList') {
    report(rule, generate(rule.prelude), 'this selector could not be read');
    return false;
  }
  const selectors = rule.prelude.children.toArray().flatMap((node) => {
    // Written out only when it is reported: the page's own render never pays for it.
    const text = report === ignore ? '' : generate(node);
    const scoped = node.type === 'Selector' ? scopeSelector(node) : undefined;
    if (!scoped) report(node, text, 'this selector could reach outside your page');
    return scoped ? [scoped] : [];
  });
  if (selectors.length === 0) return false;
  rule.prelude.children = rule.prelude.children.fromArray(selectors);
  return sanitizeDeclarations(rule.block, report);
}

function sanitizeAtRule(atrule: Atrule, report: Report): boolean {
  const name = unprefixed(atrule.name);
  if (!ALLOWED_AT_RULES.has(name) || !atrule.block) {
    report(atrule, `@${atrule.name}`, 'only @media, @supports and @keyframes are allowed');
    return false;
  }
  if (atrule.prelude && generate(atrule.prelude).includes('\\')) {
    report(atrule, `@${atrule.name}`, 'backslash escapes are not allowed');
    return false;
  }
  if (name === 'keyframes') {
    // Keyframe selectors (from, to, 50%) stay; their declarations are checked.
    atrule.block.children = atrule.block.children.filter((node) => node.type === 'Rule' && sanitizeDeclarations(node.block, report));
  } else {
    atrule.block.children = atrule.block.children.filter((node) => sanitizeNode(node, report));
  }
  return !atrule.block.children.isEmpty;
}

function sanitizeNode(node: CssNode, report: Report): boolean {
  if (node.type === 'Rule') return sanitizeRule(node, report);
  if (node.type === 'Atrule') return sanitizeAtRule(node, report);
  if (node.type !== 'Raw' || node.value.trim()) report(node, generate(node).slice(0, 60), 'this could not be read as CSS');
  return false;
}

/**
 * What of a creator's CSS the page may carry, scoped and filtered. The result
 * is safe to put inside a <style> element: `<` only survives inside strings,
 * escaped, so nothing can close the element.
 */
export function sanitizeCustomCss(source: string): string {
  return sanitized(source, ignore);
}

/** What of a creator's CSS the page will not carry, and why, in the order written. */
export function droppedCustomCss(source: string): DroppedCss[] {
  const dropped: DroppedCss[] = [];
  if (source.length > CUSTOM_CSS_MAX_LENGTH) return [{ line: null, what: 'Everything', why: 'the CSS is too long' }];
  sanitized(source, (node, what, why) => dropped.push({ line: node.loc?.start.line ?? null, what: what.trim(), why }));
  return dropped;
}

function sanitized(source: string, report: Report): string {
  if (!source.trim() || source.length > CUSTOM_CSS_MAX_LENGTH) return '';
  let ast: CssNode;
  try {
    // Positions only when they are reported: the page's own render skips them.
    ast = parse(source, { context: 'stylesheet', parseValue: true, parseCustomProperty: false, positions: report !== ignore });
  } catch {
    return '';
  }
  if (ast.type !== 'StyleSheet') return '';
  const sheet = ast as StyleSheet;
  sheet.children = sheet.children.filter((node) => sanitizeNode(node, report));
  return generate(sheet).replace(/</g, '\\3c ');
}
