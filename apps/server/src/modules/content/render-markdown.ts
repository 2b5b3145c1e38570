import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** What content HTML may contain: text formatting, links, lists, tables, images. No scripts, styles or handlers. */
const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'del',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'span',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Links leaving the site open in a new tab without handing it our window.
    a: (tagName, attributes) => {
      const external = /^https?:\/\//.test(attributes.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attributes, target: '_blank', rel: 'noopener noreferrer' } : attributes,
      };
    },
    // A heading level 1 belongs to the page, not to its text.
    h1: 'h2',
  },
};

/** Markdown from content files → HTML that is safe to put in a page. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, allowed);
}
