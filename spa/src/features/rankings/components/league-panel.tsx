import { EmptyState } from '@/components/ui/empty-state';
import { TrophyIcon } from '@/components/ui/icons';
import { ErrorState, SectionLoader } from '@/components/ui/query-states';
import { useLeague } from '@/features/rankings/api/rankings';
import { formatPoints, monthName, ordinal } from '@/features/rankings/format';
import type { LinhaLiga } from '@/types/api';
import '@/features/rankings/rankings.css';

const zonaLabel: Record<string, string> = { acesso: 'Sobe', rebaixamento: 'Desce' };

/**
 * My monthly league: about 30 members of my série who earn points this month, with the zones of
 * promotion (the top) and relegation (the bottom) that apply at the month's end.
 */
export function LeaguePanel() {
  const q = useLeague();
  if (q.isPending) return <SectionLoader label="Carregando sua liga..." />;
  if (q.isError) return <ErrorState title="Não foi possível carregar sua liga" error={q.error} onRetry={() => void q.refetch()} />;
  const l = q.data;
  return (
    <section className="card ranking-card" aria-labelledby="liga-titulo">
      <h2 id="liga-titulo">{l.participa ? `${l.serie} · Liga ${l.numero}` : 'Liga do mês'}</h2>
      {l.textoAnterior && <p className="league-result">{l.textoAnterior}</p>}
      {!l.participa ? (
        <EmptyState icon={<TrophyIcon />} title="Você ainda não está em uma liga este mês">
          <p>Ganhe seus primeiros pontos do mês (um cultivo, um registro no diário, uma colheita) para entrar na liga da sua série.</p>
        </EmptyState>
      ) : (
        <>
          <p className="muted ranking-note">
            Pontos de {monthName(l.mes)}.{' '}
            {l.zona > 0
              ? `No fim do mês, os ${l.zona} primeiros sobem de série e os ${l.zona} últimos descem (quem está na Série A não sobe mais; na Série D, ninguém desce).`
              : 'Com poucos membros na liga, ninguém sobe ou desce este mês.'}
          </p>
          <ol className="ranking-list" aria-label={`Membros da ${l.serie}, liga ${l.numero}`}>
            {l.linhas.map((m) => (
              <Linha key={`${m.posicao}-${m.id ?? ''}`} m={m} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Linha({ m }: { m: LinhaLiga }) {
  const zona = m.zona ? zonaLabel[m.zona] : null;
  const cls = ['ranking-row', m.eu ? 'ranking-me' : '', m.zona ? `league-${m.zona}` : ''].filter(Boolean).join(' ');
  return (
    <li className={cls} aria-current={m.eu ? 'true' : undefined}>
      <span className="ranking-pos" aria-label={`${ordinal(m.posicao)} lugar`}>
        {ordinal(m.posicao)}
      </span>
      <span className="ranking-name">
        {m.nome ?? 'Membro que prefere não aparecer'}
        {m.eu && <span className="tag">Você</span>}
        {zona && <span className={`tag league-tag-${m.zona}`}>{zona}</span>}
      </span>
      <span className="ranking-value">{formatPoints(m.pontos)}</span>
    </li>
  );
}
