import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyMarkdown } from './lazy-markdown';
import { Markdown, toSafeMarkdownUrl } from './markdown';

/** Renders `source` and returns the container. */
const renderMarkdown = (source: string) => render(<Markdown>{source}</Markdown>).container;

/** Fails when anything in `container` could run script or fetch: the XSS checks of this file. */
function expectInert(container: HTMLElement) {
  expect(container.querySelector('script, iframe, object, embed, img, style')).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name)) {
        expect(attribute.value.trim()).not.toMatch(/^(javascript|data|vbscript):/i);
      }
    }
  }
}

describe('Markdown: user-written text rendered safely', () => {
  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['a javascript: link', '[x](javascript:alert(1))'],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['an upper-case JAVASCRIPT: link', '[x](JAVASCRIPT:alert(1))'],
    ['a javascript: link after spaces', '[x](  javascript:alert(1))'],
    ['a javascript: link with an entity', '[x](jav&#x09;ascript:alert(1))'],
    ['an autolink to javascript:', '<javascript:alert(1)>'],
    ['a reference link to javascript:', '[x][r]\n\n[r]: javascript:alert(1)'],
    ['a vbscript: link', '[x](vbscript:msgbox(1))'],
    ['a markdown image', '![tracker](https://evil.example/pixel.png)'],
    ['an inline event handler in HTML', '<a href="https://example.com" onclick="alert(1)">x</a>'],
  ])('renders %s inert', (_name, source) => {
    const container = renderMarkdown(source);
    expectInert(container);
  });

  it('keeps the text of a refused link but not the link', () => {
    renderMarkdown('[click me](javascript:alert(1))');
    expect(screen.getByText('click me')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows raw HTML as the text it is', () => {
    renderMarkdown('<script>alert(1)</script>');
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
  });

  it('shows an image as its alt text, never fetching it', () => {
    const container = renderMarkdown('![Quarterly chart](https://example.com/chart.png)');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('[Quarterly chart]')).toBeInTheDocument();
  });

  it('opens https links in a new tab without opener or referrer', () => {
    renderMarkdown('See [the agenda](https://example.com/agenda?week=1).');
    const link = screen.getByRole('link', { name: 'the agenda' });
    expect(link).toHaveAttribute('href', 'https://example.com/agenda?week=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps http and mailto links, with the same rel', () => {
    renderMarkdown('[site](http://example.com) and [mail](mailto:ceo@example.com)');
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'http://example.com/');
    const mail = screen.getByRole('link', { name: 'mail' });
    expect(mail).toHaveAttribute('href', 'mailto:ceo@example.com');
    expect(mail).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders headings one level down, paragraphs and lists', () => {
    renderMarkdown('# Agenda\n\nThree points:\n\n- budget\n- hiring\n\n## Notes');
    expect(screen.getByRole('heading', { level: 2, name: 'Agenda' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByText('Three points:').tagName).toBe('P');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['budget', 'hiring']);
  });

  it('loads lazily through LazyMarkdown', async () => {
    render(<LazyMarkdown>{'**Ready** for review'}</LazyMarkdown>);
    expect(await screen.findByText('Ready')).toBeInTheDocument();
  });
});

describe('toSafeMarkdownUrl', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['HTTPS://EXAMPLE.COM', 'https://example.com/'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['javascript:alert(1)', ''],
    [' \tjavascript:alert(1)', ''],
    ['java\nscript:alert(1)', ''],
    ['data:text/html,<b>x</b>', ''],
    ['file:///etc/passwd', ''],
    ['/relative/path', ''],
    ['#anchor', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toSafeMarkdownUrl(input)).toBe(expected);
  });
});
