/**
 * 'Tentar novamente' for code that did not arrive (the network dropped, a deploy replaced a
 * chunk): a reload, as the browser keeps a module that failed to load. Used by the route error
 * boundary and the dashboard's cards.
 */
export function ReloadRetry() {
  return (
    <p className="actions-row">
      <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
        Tentar novamente
      </button>
    </p>
  );
}
