import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/lib/testing/render';
import { ActionReason } from './action-reason';

describe('ActionReason (issue #8: a disabled action says why in text, not only on hover)', () => {
  it('shows the reason as visible text that describes the disabled action', () => {
    renderWithTheme(
      <ActionReason reason="Only the owner or an executive can invite members.">
        <Button disabled>Invite member</Button>
      </ActionReason>,
    );
    const button = screen.getByRole('button', { name: 'Invite member' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Only the owner or an executive can invite members.');
    expect(screen.getByText('Only the owner or an executive can invite members.')).toBeVisible();
  });

  it('adds nothing when the action is available', () => {
    const { container } = renderWithTheme(
      <ActionReason reason={null}>
        <Button>Invite member</Button>
      </ActionReason>,
    );
    expect(screen.getByRole('button', { name: 'Invite member' })).not.toHaveAttribute('aria-describedby');
    expect(container).toHaveTextContent(/^Invite member$/);
  });
});
