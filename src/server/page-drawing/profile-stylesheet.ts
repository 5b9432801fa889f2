import type { CssNode, Rule } from 'css-tree';
import generate from 'css-tree/generator';
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import profileBaseCss from '#profile/profile.css?raw';
import profileOptionsCss from '#profile/profile-options.css?raw';

// The public page's stylesheet, inlined in each page (no extra request before
// the first paint): the base rules every page needs, and of the option rules
// (profile-options.css, selected by the data attributes of a look) only those
// this page's attributes select, with the animations they use. A page with the
// default look carries a few hundred bytes of options, not the rules of every
// look (decision 007).

/** Comments and spaces out: the page carries the rules only. */
function minify(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};:,]) ?/g, '$1')
    .trim();
}

export const PROFILE_BASE_CSS = minify(profileBaseCss);

/** `[data-name]` or `[data-name='value']`: a condition on the page's root. */
interface Condition {
  name: string;
  value: string | undefined;
}

interface OptionRule {
  css: string;
  /** The rule applies when every condition of any one of its selectors holds. */
  selectors: Condition[][];
  /** The @keyframes its animations name. */
  animations: string[];
}

/** The conditions on the root: the data attributes of the selector's first compound (`.lv-page:where([…])`). */
function conditionsOf(selector: CssNode): Condition[] {
  const conditions: Condition[] = [];
  if (selector.type !== 'Selector') return conditions;
  const parts = selector.children.toArray();
  const end = parts.findIndex((node) => node.type === 'Combinator');
  const root: CssNode = { type: 'Selector', children: selector.children.fromArray(end === -1 ? parts : parts.slice(0, end)) };
  walk(root, (node: CssNode) => {
    if (node.type !== 'AttributeSelector' || !node.name.name.startsWith('data-')) return;
    const value = node.value ? (node.value.type === 'String' ? node.value.value : node.value.name) : undefined;
    conditions.push({ name: node.name.name, value });
  });
  return conditions;
}

const CONDITIONAL_AT_RULES = new Set(['container', 'media', 'supports']);

function parseOptions(css: string): { rules: OptionRule[]; keyframes: Map<string, string> } {
  const sheet = parse(css, { context: 'stylesheet', parseValue: false, parseCustomProperty: false });
  const rules: OptionRule[] = [];
  const keyframes = new Map<string, string>();
  walk(sheet, {
    visit: 'Atrule',
    enter(node) {
      if (node.name === 'keyframes' && node.prelude) keyframes.set(generate(node.prelude), generate(node));
    },
  });
  walk(sheet, {
    visit: 'Rule',
    enter(node: Rule) {
      // A rule in @container or @media (a layout that changes on wide pages) is kept inside its condition; keyframes are not rules.
      const within = this.atrule;
      if (within && !CONDITIONAL_AT_RULES.has(within.name)) return;
      if (node.prelude.type !== 'SelectorList') return;
      const animations = new Set<string>();
      walk(node.block, (inner: CssNode) => {
        if (inner.type === 'Declaration' && /^animation(-name)?$/.test(inner.property)) {
          for (const name of generate(inner.value).match(/\blv-[a-z-]+/g) ?? []) animations.add(name);
        }
      });
      const css = within ? `@${within.name} ${within.prelude ? generate(within.prelude) : ''}{${generate(node)}}` : generate(node);
      rules.push({ css, selectors: node.prelude.children.toArray().map(conditionsOf), animations: [...animations] });
    },
  });
  return { rules, keyframes };
}

const OPTIONS = parseOptions(profileOptionsCss);
/** Looks are few in practice (most pages keep most defaults): the selected CSS is kept per set of attributes. */
const SELECTED_CACHE_SIZE = 256;
const selected = new Map<string, string>();

function holds(conditions: Condition[], data: Record<string, string | undefined>): boolean {
  return conditions.every(({ name, value }) => data[name] !== undefined && (value === undefined || data[name] === value));
}

/** The option rules a page with these root data attributes uses, and their @keyframes. */
export function optionCssFor(data: Record<string, string | undefined>): string {
  const key = JSON.stringify(data);
  const cached = selected.get(key);
  if (cached !== undefined) return cached;
  const rules = OPTIONS.rules.filter((rule) => rule.selectors.some((conditions) => holds(conditions, data)));
  const animations = new Set(rules.flatMap((rule) => rule.animations));
  const css = rules.map((rule) => rule.css).join('') + [...animations].map((name) => OPTIONS.keyframes.get(name) ?? '').join('');
  if (selected.size >= SELECTED_CACHE_SIZE) selected.delete(selected.keys().next().value!);
  selected.set(key, css);
  return css;
}
