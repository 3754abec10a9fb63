import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { makeTask } from '../testing/make-task';
import { TasksList } from './tasks-list';

describe('TasksList (issue #4, issue #13)', () => {
  it("gives each task a status select, and mounts none of MUI's autofill keyframes per row", () => {
    const tasks = ['t1', 't2', 't3'].map((id) => makeTask(id));
    renderWithTheme(<TasksList tasks={tasks} actor={{ memberId: 'm1', workspaceMemberType: 'OWNER' }} onOpen={vi.fn()} onMove={vi.fn()} />);

    expect(screen.getAllByRole('combobox', { name: /^Status of “Task t\d”$/ })).toHaveLength(3);
    // An input mounts its autofill keyframes as a global style element of its own: one per row
    // would be a style element and a stylis compile per task on every list's first render.
    expect(document.querySelectorAll('style[data-emotion^="css-global"]')).toHaveLength(0);
  });
});
