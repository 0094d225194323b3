import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, stubApi } from '@/testing/test-utils';

// A file of its own: a screen whose code this test file has not loaded yet (vitest keeps modules
// per file, and a loaded screen renders at once).
describe('lazy screens', () => {
  it("shows 'Carregando...' while a page's code loads", async () => {
    stubApi();
    renderApp('/feed');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(await screen.findByRole('heading', { name: 'Feed' })).toBeInTheDocument();
  });
});
