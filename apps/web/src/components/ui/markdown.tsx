import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ReactMarkdown, { type Components } from 'react-markdown';

/** The only link schemes user-written markdown may use. */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The markdown URL filter: absolute http, https and mailto URLs pass (normalised by the URL
 * parser, which lower-cases the scheme and strips spaces and control characters, so
 * `  JavaScript:` cannot slip through); everything else — javascript:, data:, vbscript:, relative
 * and malformed URLs — becomes '' and is rendered as plain text. Pure.
 */
export function toSafeMarkdownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return ALLOWED_PROTOCOLS.has(parsed.protocol) ? parsed.href : '';
  } catch {
    return '';
  }
}

/** Headings of user content start at h2: the page's own title is its only h1. */
const headingVariants = { h2: 'h2', h3: 'h3', h4: 'subtitle1', h5: 'subtitle1', h6: 'subtitle1' } as const;
type HeadingTag = keyof typeof headingVariants;
const shiftHeading = (level: number): HeadingTag => `h${Math.min(level + 1, 6)}` as HeadingTag;

const heading =
  (level: number): Components['h1'] =>
  ({ children }) => {
    const tag = shiftHeading(level);
    return (
      <Typography component={tag} variant={headingVariants[tag]} sx={{ mt: 2.5, mb: 1, '&:first-of-type': { mt: 0 } }}>
        {children}
      </Typography>
    );
  };

const components: Components = {
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  p: ({ children }) => (
    <Typography variant="body1" sx={{ mb: 1.5, '&:last-child': { mb: 0 } }}>
      {children}
    </Typography>
  ),
  a: ({ href, children }) =>
    href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ) : (
      // A refused URL: keep the link text, drop the link.
      <span>{children}</span>
    ),
  // No remote fetches from user content (tracking pixels, IP leaks on public pages): an image
  // is shown as its alt text, in brackets so the reader knows something was left out.
  img: ({ alt }) => (alt ? <span>[{alt}]</span> : null),
  ul: ({ children }) => (
    <Box component="ul" sx={{ pl: 3, my: 1.5 }}>
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box component="ol" sx={{ pl: 3, my: 1.5 }}>
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Typography component="li" variant="body1" sx={{ mb: 0.5 }}>
      {children}
    </Typography>
  ),
  blockquote: ({ children }) => (
    <Box component="blockquote" sx={{ mx: 0, my: 1.5, pl: 2, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}>
      {children}
    </Box>
  ),
  code: ({ children }) => (
    <Box component="code" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.875em' }}>
      {children}
    </Box>
  ),
  pre: ({ children }) => (
    <Box component="pre" sx={{ my: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', whiteSpace: 'pre-wrap' }}>
      {children}
    </Box>
  ),
  hr: () => <Box component="hr" sx={{ my: 2, border: 0, borderTop: 1, borderColor: 'divider' }} />,
};

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  /** What a person wrote (CommonMark). */
  children: string;
}

/**
 * The one renderer of user-written markdown (brief sections, answers, summaries; PRODUCT §3).
 * Safe by construction: raw HTML is never interpreted (it shows as the text it is; no rehype-raw),
 * links only to http, https and mailto ({@link toSafeMarkdownUrl}), opened in a new tab with
 * `rel="noopener noreferrer"`, images shown as their alt text (never fetched), headings shifted
 * one level down (# → h2). Heavy (react-markdown): load it through `LazyMarkdown`.
 */
export function Markdown({ children }: MarkdownProps) {
  return (
    <ReactMarkdown urlTransform={toSafeMarkdownUrl} components={components}>
      {children}
    </ReactMarkdown>
  );
}
