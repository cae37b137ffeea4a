// Sanitises rendered model output with DOMPurify (defence in depth behind markdown-it's `html: false`): only the
// tags Markdown produces, only http/https/mailto hrefs, no inline styles, no event handlers, classes only from
// markdown-it and highlight.js (table alignment arrives as an `align-*` class: markdownEngine.ts).
import DOMPurify from 'dompurify';
import { isSafeHref } from './markdownEngine';

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
const allowedClass = /^(hljs(-[\w-]+)?|language-[\w+#.-]{1,40}|md-image-link|align-(left|center|right)|[\w-]+_)$/;

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

purify.addHook('afterSanitizeAttributes', (node) => {
  const href = node.getAttribute('href');
  if (href !== null && !isSafeHref(href)) node.removeAttribute('href');
});

export function sanitizeToFragment(html: string): DocumentFragment {
  return purify.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href', 'class', 'title', 'start'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}
