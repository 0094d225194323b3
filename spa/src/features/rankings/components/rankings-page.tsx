import type { ReactNode } from 'react';
import { ItemOptions } from '@/components/ui/fields';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { TrophyIcon } from '@/components/ui/icons';
import { ErrorState, QueryState, SectionLoader } from '@/components/ui/query-states';
import { TabNav } from '@/components/ui/tab-nav';
import { useAuth } from '@/lib/auth/auth-context';
import type { RankingPeriodo } from '@/types/api';
import { useGroupMembersRanking, useGroupsRanking, useMembersRanking, useRankingGroups } from '@/features/rankings/api/rankings';
import { monthName } from '@/features/rankings/format';
import { GroupList } from '@/features/rankings/components/group-list';
import { LeaguePanel } from '@/features/rankings/components/league-panel';
import { MemberList } from '@/features/rankings/components/member-list';
import { StandingCard } from '@/features/rankings/components/standing-card';
import '@/features/rankings/rankings.css';

type Aba = 'geral' | 'mes' | 'liga' | 'grupo' | 'grupos';
const abas: { aba: Aba; label: string }[] = [
  { aba: 'geral', label: 'Geral' },
  { aba: 'mes', label: 'Este mês' },
  { aba: 'liga', label: 'Minha liga' },
  { aba: 'grupo', label: 'Meu grupo' },
  { aba: 'grupos', label: 'Grupos' },
];

function parseAba(v: string | null): Aba {
  return abas.some((a) => a.aba === v) ? (v as Aba) : 'geral';
}

/** /rankings: members all time and this month, my monthly league, my group's members, and groups by harvest. */
export function RankingsPage() {
  const [params, setParams] = useSearchParams();
  const aba = parseAba(params.get('aba'));
  const periodo: RankingPeriodo = params.get('periodo') === 'geral' ? 'geral' : 'mes';
  const grupo = params.get('grupo') ?? '';
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    setParams(next, { replace: true });
  };
  const link = (a: Aba) => {
    const next = new URLSearchParams(params);
    next.set('aba', a);
    return `/rankings?${next.toString()}`;
  };

  return (
    <div className="rankings">
      <TabNav label="Rankings" items={abas.map((a) => ({ to: link(a.aba), label: a.label, current: a.aba === aba, replace: true }))} />
      {aba === 'geral' && <MembersPanel periodo="geral" />}
      {aba === 'mes' && <MembersPanel periodo="mes" />}
      {aba === 'liga' && <LeaguePanel />}
      {aba === 'grupo' && <GroupPanel grupo={grupo} periodo={periodo} onChange={set} />}
      {aba === 'grupos' && <GroupsPanel grupo={grupo} periodo={periodo} onChange={set} />}
    </div>
  );
}

function PeriodToggle({ periodo, onChange }: { periodo: RankingPeriodo; onChange: (p: RankingPeriodo) => void }) {
  return (
    <div className="ranking-period" role="group" aria-label="Período">
      {(
        [
          ['mes', 'Este mês'],
          ['geral', 'Geral'],
        ] as const
      ).map(([p, label]) => (
        <button key={p} type="button" className={p === periodo ? 'button button-primary' : 'button button-secondary'} aria-pressed={p === periodo} onClick={() => onChange(p)}>
          {label}
        </button>
      ))}
    </div>
  );
}

function MonthNote({ mes, what = 'Pontos' }: { mes: string | null | undefined; what?: string }) {
  if (!mes) return null;
  return (
    <p className="muted ranking-note">
      {what} de {monthName(mes)}. O ranking do mês recomeça no dia 1º, à meia-noite de Brasília.
    </p>
  );
}

function Loading() {
  return <SectionLoader label="Carregando ranking..." />;
}

function MembersPanel({ periodo }: { periodo: RankingPeriodo }) {
  const { userData } = useAuth();
  const q = useMembersRanking(periodo);
  return (
    <section className="card ranking-card" aria-label={periodo === 'mes' ? 'Ranking do mês' : 'Ranking geral'}>
      <QueryState query={q} loader={<Loading />} errorTitle="Não foi possível carregar o ranking">
        {(data) => (
          <>
            <MonthNote mes={data.mes} />
            <StandingCard standing={data.eu} />
            {data.itens.length === 0 ? (
              <Empty>{periodo === 'mes' ? 'Ninguém somou pontos neste mês ainda. Seja o primeiro!' : 'Ninguém somou pontos ainda.'}</Empty>
            ) : (
              <MemberList items={data.itens} meId={userData?.id} label={periodo === 'mes' ? 'Os 50 primeiros do mês' : 'Os 50 primeiros de todos os tempos'} />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <EmptyState icon={<TrophyIcon />} title="Nenhum ranking para mostrar ainda">
      <p>{children}</p>
    </EmptyState>
  );
}

type Change = (changes: Record<string, string>) => void;

/** The choice of one of my groups (`grupo` in the address). */
function GroupSelect({ id, label, groups, selected, onChange }: { id: string; label: string; groups: { id: string; nome: string }[]; selected: string; onChange: Change }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={selected} onChange={(e) => onChange({ grupo: e.target.value })}>
        <ItemOptions items={groups} />
      </select>
    </div>
  );
}

function GroupPanel({ grupo, periodo, onChange }: { grupo: string; periodo: RankingPeriodo; onChange: Change }) {
  const { userData } = useAuth();
  const groups = useRankingGroups();
  const mine = groups.data?.items ?? [];
  const selected = mine.some((g) => g.id === grupo) ? grupo : (mine[0]?.id ?? '');
  const q = useGroupMembersRanking(selected, periodo);
  if (groups.isPending) return <Loading />;
  if (groups.isError) return <ErrorState title="Não foi possível carregar seus grupos" error={groups.error} onRetry={() => void groups.refetch()} />;
  if (mine.length === 0) return <Empty>Entre em um grupo para ver o ranking dos seus membros.</Empty>;
  return (
    <section className="card ranking-card" aria-label="Ranking do grupo">
      <div className="ranking-controls">
        <GroupSelect id="ranking-grupo" label="Grupo" groups={mine} selected={selected} onChange={onChange} />
        <PeriodToggle periodo={periodo} onChange={(p) => onChange({ periodo: p })} />
      </div>
      <QueryState query={q} loader={<Loading />} errorTitle="Não foi possível carregar o ranking do grupo">
        {(data) => (
          <>
            <MonthNote mes={data.mes} />
            <StandingCard standing={data.eu} />
            {data.itens.length === 0 ? (
              <Empty>Ninguém deste grupo somou pontos {periodo === 'mes' ? 'neste mês' : ''} ainda.</Empty>
            ) : (
              <MemberList items={data.itens} meId={userData?.id} label={`Membros de ${data.grupo?.nome ?? 'seu grupo'}`} />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function GroupsPanel({ grupo, periodo, onChange }: { grupo: string; periodo: RankingPeriodo; onChange: Change }) {
  const groups = useRankingGroups();
  const mine = groups.data?.items ?? [];
  const selected = mine.some((g) => g.id === grupo) ? grupo : (mine[0]?.id ?? '');
  const q = useGroupsRanking(periodo, selected, !groups.isPending);
  return (
    <section className="card ranking-card" aria-label="Ranking dos grupos por colheita">
      <div className="ranking-controls">
        {mine.length > 1 && <GroupSelect id="ranking-meu-grupo" label="Posição do grupo" groups={mine} selected={selected} onChange={onChange} />}
        <PeriodToggle periodo={periodo} onChange={(p) => onChange({ periodo: p })} />
      </div>
      <p className="muted ranking-note">
        Grupos ordenados pelos quilos colhidos por membro ativo (quem teve colheita confirmada no período). Colheitas a confirmar não contam.
      </p>
      {groups.isPending || q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState title="Não foi possível carregar o ranking dos grupos" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <MonthNote mes={q.data.mes} what="Colheitas" />
          {q.data.grupo && <StandingCard standing={q.data.grupo} subject="group" />}
          {q.data.itens.length === 0 ? (
            <Empty>Nenhum grupo registrou colheitas em kg {periodo === 'mes' ? 'neste mês' : ''} ainda.</Empty>
          ) : (
            <GroupList items={q.data.itens} label={periodo === 'mes' ? 'Grupos que mais colheram no mês' : 'Grupos que mais colheram'} />
          )}
        </>
      )}
    </section>
  );
}
