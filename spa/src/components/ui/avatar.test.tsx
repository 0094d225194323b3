import { render, screen } from '@testing-library/react';
import { Avatar, initials } from '@/components/ui/avatar';

describe('initials', () => {
  it.each([
    ['Maria Clara Souza', 'MC'],
    ['', 'U'],
    ['   ', 'U'],
    ['ana', 'A'],
    ['  joão   da silva ', 'JD'],
    ['Émerson Ávila', 'ÉÁ'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('gives U for a missing name', () => {
    expect(initials(undefined)).toBe('U');
    expect(initials(null)).toBe('U');
  });
});

describe('Avatar', () => {
  it('shows the photo when there is one', () => {
    const { container } = render(<Avatar name="Maria Clara Souza" photo="https://fotos.exemplo.com/m.jpg" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://fotos.exemplo.com/m.jpg');
    expect(screen.queryByText('MC')).not.toBeInTheDocument();
  });

  it('shows the initials without a photo, and U without a name', () => {
    const { rerender } = render(<Avatar name="Maria Clara Souza" photo={null} />);
    expect(screen.getByText('MC')).toBeInTheDocument();
    rerender(<Avatar name="" />);
    expect(screen.getByText('U')).toBeInTheDocument();
  });
});
