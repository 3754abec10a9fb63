import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { MeetingFields } from './meeting-fields';

describe('MeetingFields (issue #13: the pickers load when the fields first render)', () => {
  it('holds the place with the values until the pickers have loaded, then shows the pickers', async () => {
    const value = { date: new Date(2026, 2, 4), time: new Date(2026, 2, 4, 9, 30), timeZone: 'Europe/Paris' };
    renderWithTheme(<MeetingFields value={value} onChange={vi.fn()} error="Enter both the date and the time." />);

    const placeholder = screen.getByRole('textbox', { name: 'Meeting date' });
    expect(placeholder).toHaveProperty('disabled', true);
    expect(placeholder).toHaveProperty('value', '03/04/2026');
    expect(screen.getByRole('textbox', { name: 'Meeting time' })).toHaveProperty('value', '09:30 AM');
    expect(screen.getByText('Enter both the date and the time.')).toBeDefined();

    const date = await screen.findByRole('group', { name: 'Meeting date' });
    expect(date.textContent).toContain('03');
    expect(screen.queryByRole('textbox', { name: 'Meeting date' })).toBeNull();
    expect(screen.getByText('Enter both the date and the time.')).toBeDefined();
  });
});
