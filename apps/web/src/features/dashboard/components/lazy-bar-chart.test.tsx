import { screen } from '@testing-library/react';
import { mockAllIsIntersecting, resetIntersectionMocking, setupIntersectionMocking } from 'react-intersection-observer/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { LazyBarChart } from './lazy-bar-chart';

// x-charts itself stands aside: these tests are about when it is loaded and drawn.
vi.mock('@mui/x-charts/BarChart', () => ({
  BarChart: ({ height }: { height: number }) => <svg role="img" aria-label="bar chart" height={height} />,
}));

describe('LazyBarChart', () => {
  afterEach(() => resetIntersectionMocking());

  describe('with an IntersectionObserver', () => {
    beforeEach(() => setupIntersectionMocking(vi.fn));

    it('holds its place and draws nothing until it comes near the viewport, then draws', async () => {
      const { container } = renderWithTheme(<LazyBarChart height={240} placeholderHeight={269} series={[]} />);
      expect(screen.queryByRole('img', { name: 'bar chart' })).not.toBeInTheDocument();
      expect(container.firstElementChild).toHaveStyle({ height: '269px' });

      mockAllIsIntersecting(false);
      expect(screen.queryByRole('img', { name: 'bar chart' })).not.toBeInTheDocument();

      mockAllIsIntersecting(true);
      expect(await screen.findByRole('img', { name: 'bar chart' })).toHaveAttribute('height', '240');
    });

    it('keeps the chart once drawn when it scrolls away again', async () => {
      renderWithTheme(<LazyBarChart height={120} series={[]} />);
      mockAllIsIntersecting(true);
      await screen.findByRole('img', { name: 'bar chart' });
      mockAllIsIntersecting(false);
      expect(screen.getByRole('img', { name: 'bar chart' })).toBeInTheDocument();
    });
  });

  it('draws at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    try {
      renderWithTheme(<LazyBarChart height={120} series={[]} />);
      expect(await screen.findByRole('img', { name: 'bar chart' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
