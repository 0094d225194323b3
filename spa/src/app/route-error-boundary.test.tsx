import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouteErrorBoundary } from '@/app/route-error-boundary';

function Broken({ fail }: { fail: boolean }): JSX.Element {
  if (fail) throw new Error('Failed to fetch dynamically imported module');
  return <h1>Página</h1>;
}

describe('RouteErrorBoundary', () => {
  it('shows a retry instead of a blank page when a screen cannot render, and clears on another address', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/feed">
        <Broken fail />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível abrir esta página');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary resetKey="/feed">
        <Broken fail={false} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary resetKey="/perfil">
        <Broken fail={false} />
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Página' })).toBeInTheDocument();
  });
});
