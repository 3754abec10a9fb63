import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredFirstRender } from './deferred-first-render';

/** Writes `name` into `log` each time it is committed. */
function Mark({ name, log }: { name: string; log: string[] }) {
  useEffect(() => {
    log.push(name);
  });
  return <p>{name}</p>;
}

describe('DeferredFirstRender (issue #13: a heavy first render in slices)', () => {
  it('commits the fallback first, then the children in a render of their own', () => {
    const log: string[] = [];
    render(
      <DeferredFirstRender fallback={<Mark name="skeleton" log={log} />}>
        <Mark name="list" log={log} />
      </DeferredFirstRender>,
    );
    expect(log).toEqual(['skeleton', 'list']);
    expect(screen.queryByText('skeleton')).toBeNull();
    expect(screen.getByText('list')).toBeDefined();
  });

  it('renders later changes at once, without the fallback', () => {
    const log: string[] = [];
    const view = render(
      <DeferredFirstRender fallback={<Mark name="skeleton" log={log} />}>
        <Mark name="list" log={log} />
      </DeferredFirstRender>,
    );
    log.length = 0;
    view.rerender(
      <DeferredFirstRender fallback={<Mark name="skeleton" log={log} />}>
        <Mark name="board" log={log} />
      </DeferredFirstRender>,
    );
    expect(log).toEqual(['board']);
  });
});
