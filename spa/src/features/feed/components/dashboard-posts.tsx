import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardCard } from '@/components/ui/dashboard-card';
import { formatDateTime, plural } from '@/lib/format';
import { dashboardPostsQuery, dashboardPostsShown as shown } from '@/features/feed/api/queries';

/**
 * The dashboard's "Publicações dos meus grupos": the newest few of the feed's "Meus grupos" view
 * (GET /api/feed/grupos?limit=3), as plain text with links to each post and to /feed; nothing of
 * the composer or the post card's actions is loaded here.
 */
export default function DashboardPosts({ inGroups }: { inGroups: boolean }) {
  const query = useQuery(dashboardPostsQuery);
  const items = (query.data?.items ?? []).slice(0, shown);
  return (
    <DashboardCard id="dash-posts" title="Publicações dos meus grupos" className="card dash-wide" query={query} loading="Carregando publicações..." errorTitle="Não foi possível carregar as publicações">
      {query.isSuccess && items.length === 0 && (
        <EmptyState title="Nenhuma publicação nos seus grupos ainda">
          {inGroups ? (
            <p>Conte como está a sua horta: a primeira publicação do grupo pode ser a sua.</p>
          ) : (
            <p>Quando você participar de um grupo, as publicações dele aparecem aqui. Enquanto isso, veja a comunidade.</p>
          )}
          <Link to={inGroups ? '/feed?aba=grupos' : '/feed'}>Ir para o Feed</Link>
        </EmptyState>
      )}
      {items.length > 0 && (
        <>
          <ul className="dash-list dash-posts">
            {items.map((p) => (
              <li key={p.id}>
                <article aria-label={`Publicação de ${p.autorNome}`}>
                  <p className="muted">
                    <strong>{p.autorNome}</strong>
                    {p.grupoNome && ` em ${p.grupoNome}`} · <time dateTime={p.criadoEm}>{formatDateTime(p.criadoEm)}</time>
                  </p>
                  <p className="text-clamp-2">{p.texto || (p.fotos.length > 0 ? plural(p.fotos.length, 'foto', 'fotos') : '')}</p>
                  <Link to={`/feed?post=${encodeURIComponent(p.id)}`}>Ver publicação</Link>
                </article>
              </li>
            ))}
          </ul>
          <Link to="/feed?aba=grupos">Ver o feed dos meus grupos</Link>
        </>
      )}
    </DashboardCard>
  );
}
