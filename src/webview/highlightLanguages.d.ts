// highlight.js ships types for its core but not for the per-language entry points this bundle imports one by one.
declare module 'highlight.js/lib/languages/*' {
  import type { LanguageFn } from 'highlight.js';
  const language: LanguageFn;
  export default language;
}
