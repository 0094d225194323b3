import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText, linkParts, shortUrl } from '@/components/ui/linked-text';

describe('LinkedText', () => {
  it('makes addresses in user text clickable and short', () => {
    const long = 'https://example.com/' + 'a'.repeat(200);
    render(<LinkedText text={`Veja ${long}. E www.horta.org.br, ok`} />);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', long);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(links[0]!.textContent!.length).toBeLessThanOrEqual(32);
    expect(links[1]).toHaveAttribute('href', 'https://www.horta.org.br');
  });

  it('never turns other schemes or markup into links', () => {
    expect(linkParts('javascript:alert(1) <b>oi</b>')).toEqual([{ text: 'javascript:alert(1) <b>oi</b>' }]);
    expect(shortUrl('https://a.b/')).toBe('a.b');
  });
});
