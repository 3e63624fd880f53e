import { render } from '@testing-library/react';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('R15 reads as the whole address and may wrap only before its "@"', () => {
    const { container } = render(<EmailAddress email="new.colleague@demo.example" />);
    expect(container.textContent).toBe('new.colleague@demo.example');
    expect(container.innerHTML).toBe('new.colleague<wbr>@demo.example');
  });
});
