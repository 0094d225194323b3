import { ReloadRetry } from '@/components/ui/reload-retry';

/**
 * A dashboard card while its code chunk loads: the card's own section and heading (the same id its
 * content uses), and its loading text in role=status. The card then shows its own request's state.
 * Plain markup (no spinner module): this is on the dashboard's first load.
 */
export function CardLoading({ id, title, label, wide = false }: { id: string; title: string; label: string; wide?: boolean }) {
  return (
    <section className={wide ? 'card dash-wide' : 'card'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="section-loader" role="status">
        {label}
      </p>
    </section>
  );
}

/**
 * A dashboard card whose code chunk did not arrive (the network dropped, a deploy replaced it):
 * the others stay. Trying again reloads the page, as the route's error boundary does: the browser
 * keeps a module that failed to load, so only a reload asks for it again.
 */
export function CardFailed({ id, title, wide = false }: { id: string; title: string; wide?: boolean }) {
  return (
    <section className={wide ? 'card dash-wide' : 'card'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div role="alert">
        <p>Não foi possível carregar este cartão. Verifique sua conexão e tente novamente.</p>
        <ReloadRetry />
      </div>
    </section>
  );
}
