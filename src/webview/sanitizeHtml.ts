// Sanitises rendered model output with DOMPurify (defence in depth behind markdown-it's `html: false`): only the
// tags Markdown produces, only links the chat opens (src/shared/linkPolicy.ts; any other becomes its text), no
// inline styles, no event handlers, classes only from markdown-it and highlight.js (table alignment arrives as an
// `align-*` class, a link's destination shown beside its text as `md-link-host`: markdownEngine.ts).
import DOMPurify from 'dompurify';
import { isOpenableLink } from '../shared/linkPolicy';

const purify = DOMPurify(window);

const allowedTags = [
  'a',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
];
const allowedClass = /^(hljs(-[\w-]+)?|language-[\w+#.-]{1,40}|md-image-link|md-link-host|align-(left|center|right)|[\w-]+_)$/;

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style') {
    data.keepAttr = false;
  } else if (data.attrName === 'class') {
    data.attrValue = data.attrValue
      .split(/\s+/)
      .filter((name) => allowedClass.test(name))
      .join(' ');
  }
});

const config = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: ['href', 'class', 'title', 'start'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true as const,
};
// Set once for this instance: a configuration given to sanitize() is parsed again on each call (its tag and attribute
// sets rebuilt), and a streaming answer is sanitised on every render. sanitize() then ignores the one it is given,
// which is the same and only says what it returns.
purify.setConfig(config);

export function sanitizeToFragment(html: string): DocumentFragment {
  const fragment = purify.sanitize(html, config);
  // A link the chat would not open (or one DOMPurify took the address from) is its text: never a dead link.
  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    if (!isOpenableLink(link.getAttribute('href') ?? '')) link.replaceWith(...Array.from(link.childNodes));
  }
  return fragment;
}
