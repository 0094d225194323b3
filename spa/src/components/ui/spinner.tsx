export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
}

/** A page that is still loading: spinner and 'Carregando...', announced politely. */
export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span>Carregando...</span>
    </div>
  );
}

/** The centred spinner the route guards show while the auth state loads. */
export function FullScreenSpinner() {
  return (
    <div className="full-screen-spinner" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span className="visually-hidden">Carregando...</span>
    </div>
  );
}
