// markdown-it ships types for its parser but not for its rule modules; the engine wraps one of them (markdownEngine.ts).
declare module 'markdown-it/lib/rules_block/reference.mjs' {
  import type MarkdownIt from 'markdown-it';
  const reference: Parameters<MarkdownIt['block']['ruler']['at']>[1];
  export default reference;
}
