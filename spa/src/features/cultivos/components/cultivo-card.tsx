import { Link } from 'react-router-dom';
import { countdown, faseLabel, formatQuantidade, unidadePlantioLabel } from '@/features/cultivos/labels';
import type { Cultivo } from '@/types/api';
import '@/features/cultivos/cultivos.css';

/** Where a cultivo's detail lives: under its group, or /cultivos/{id} for Horta pessoal. */
export function cultivoHref(c: Pick<Cultivo, 'id' | 'grupoId'>): string {
  return c.grupoId ? `/grupos/${encodeURIComponent(c.grupoId)}/cultivos/${encodeURIComponent(c.id)}` : `/cultivos/${encodeURIComponent(c.id)}`;
}

export function FaseTag({ fase }: { fase: Cultivo['fase'] }) {
  return (
    <span className="fase-tag" data-fase={fase}>
      {faseLabel[fase]}
    </span>
  );
}

export function CultivoCard({ cultivo: c, showGroup = true }: { cultivo: Cultivo; showGroup?: boolean }) {
  return (
    <article className="card cultivo-card" aria-label={c.vegetalNome}>
      <Link to={cultivoHref(c)}>
        <h3>{c.vegetalNome}</h3>
      </Link>
      <FaseTag fase={c.fase} />
      <p className="countdown" data-atrasado={c.janela.atrasado}>
        {countdown(c)}
      </p>
      <p className="cultivo-meta">
        {showGroup && (c.grupoId ? c.grupoNome : 'Horta pessoal')}
        {showGroup && c.loteCodigo ? ' · ' : ''}
        {c.loteCodigo ? `Lote ${c.loteCodigo}` : ''}
      </p>
      <p className="cultivo-meta">
        {formatQuantidade(c.quantidade)} {unidadePlantioLabel[c.unidade]} · {c.responsavelNome}
        {c.arquivado ? ' · Arquivado' : ''}
      </p>
    </article>
  );
}
