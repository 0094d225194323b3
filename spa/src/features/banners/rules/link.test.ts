import { describe, expect, it } from 'vitest';
import { bannerLink } from '@/features/banners/rules/link';

describe('bannerLink', () => {
  it('refuses what a browser would open on another host', () => {
    for (const link of ['/\\evil.example', '/\\/evil.example', '//evil.example', '/\t/evil.example', '/ /x', 'http://evil.example', 'javascript:alert(1)', 'https://user@evil.example', 'https:///x']) {
      expect(bannerLink(link), link).toBeNull();
    }
  });
  it('takes a path of the site and an https address', () => {
    expect(bannerLink('/grupos/diretorio?uf=SP')).toEqual({ kind: 'interno', href: '/grupos/diretorio?uf=SP' });
    expect(bannerLink('https://www.embrapa.br/hortas')).toEqual({ kind: 'externo', href: 'https://www.embrapa.br/hortas' });
  });
});
