import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { PublicLayout } from './public-layout';

const robotsMeta = () => document.head.querySelector('meta[name="robots"]');

describe('public layout (seed §2; PRODUCT §3, §5)', () => {
  it('shows the brand bar without navigation or account menu, and the page in a main area', () => {
    renderWithTheme(
      <PublicLayout>
        <h1>Board brief</h1>
      </PublicLayout>,
    );
    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Tandem');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Board brief' }));
  });

  it('marks the document noindex and no-referrer while shown, and only then', () => {
    const { unmount } = renderWithTheme(<PublicLayout>content</PublicLayout>);
    expect(robotsMeta()).toHaveAttribute('content', 'noindex');
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    unmount();
    expect(robotsMeta()).toBeNull();
  });

  it('puts page actions in the brand bar', () => {
    renderWithTheme(<PublicLayout actions={<button type="button">Print</button>}>content</PublicLayout>);
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('button', { name: 'Print' }));
  });
});
