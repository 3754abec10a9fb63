import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, splitEmailForWrapping } from './email-address';

describe('EmailAddress (issue #8)', () => {
  it('splits before "@" and each "."', () => {
    expect(splitEmailForWrapping('jamie.reyes@office.example.test')).toEqual(['jamie', '.reyes', '@office', '.example', '.test']);
    expect(splitEmailForWrapping('.a..b@')).toEqual(['.a', '.', '.b', '@']);
    expect(splitEmailForWrapping('plain')).toEqual(['plain']);
  });

  it('offers a line break before "@" and each "." while the text stays the plain address', () => {
    render(
      <p>
        Sent to <EmailAddress email="jamie.reyes@office.example" component="strong" />.
      </p>,
    );
    const shown = screen.getByText('jamie.reyes@office.example');
    expect(shown.tagName).toBe('STRONG');
    expect(shown.textContent).toBe('jamie.reyes@office.example');
    expect(shown.innerHTML).toBe('jamie<wbr>.reyes<wbr>@office<wbr>.example');
    expect(shown).toHaveStyle({ overflowWrap: 'break-word', wordBreak: 'normal' });
  });
});
