// css-tree's entry points for its parts (package.json "exports"): the parser,
// walker and generator without the lexer's data, so the web bundle stays small.
// @types/css-tree describes only the whole package; these re-use its types.
declare module 'css-tree/parser' {
  import { parse } from 'css-tree';
  export default parse;
}
declare module 'css-tree/generator' {
  import { generate } from 'css-tree';
  export default generate;
}
declare module 'css-tree/walker' {
  import { walk } from 'css-tree';
  export default walk;
}
