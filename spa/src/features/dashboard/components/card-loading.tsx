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
