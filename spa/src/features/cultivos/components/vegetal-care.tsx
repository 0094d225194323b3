import type { Citacao, Vegetal } from '@/types/api';
import '@/features/cultivos/cultivos.css';

// What the catalogue teaches about a vegetable, each field with its source. The sources are
// numbered once under the list; each field names its number, so a reader can check any line.

const careFields: { key: keyof Vegetal & string; label: string }[] = [
  { key: 'nomeCientifico', label: 'Nome científico' },
  { key: 'nomesPopulares', label: 'Outros nomes' },
  { key: 'familia', label: 'Família' },
  { key: 'metodo', label: 'Plantio' },
  { key: 'espacamento', label: 'Espaçamento' },
  { key: 'profundidade', label: 'Profundidade' },
  { key: 'sol', label: 'Sol' },
  { key: 'rega', label: 'Rega' },
  { key: 'cuidados', label: 'Cuidados' },
  { key: 'pragas', label: 'Pragas e doenças' },
  { key: 'companheiras', label: 'Companheiras' },
];

const metodoLabel: Record<string, string> = { semente: 'por semente', muda: 'por muda', ambos: 'por semente ou por muda' };

function valueOf(v: Vegetal, key: string): string {
  const raw = (v as unknown as Record<string, unknown>)[key];
  if (Array.isArray(raw)) return raw.join(', ');
  if (key === 'metodo') return metodoLabel[String(raw)] ?? '';
  return typeof raw === 'string' ? raw : '';
}

/** A source as a reader cites it: title, publisher, year, and the place in it. */
export function citationText(c: Citacao): string {
  return `${c.titulo}. ${c.editora}, ${c.ano === 's.d.' ? 'sem data' : c.ano}. ${c.local}.`;
}

/** The days to harvest as the source gives them, or that no source gives them. */
export function colheitaDays(v: Pick<Vegetal, 'diasColheitaMin' | 'diasColheitaMax'>): string {
  if (v.diasColheitaMax <= 0) return 'Nenhuma fonte consultada informa o tempo até a colheita.';
  if (v.diasColheitaMin === v.diasColheitaMax) return `Colheita a partir de ${v.diasColheitaMin} dias após o plantio.`;
  return `Colheita de ${v.diasColheitaMin} a ${v.diasColheitaMax} dias após o plantio.`;
}

export function VegetalCare({ vegetal: v, headingLevel = 3 }: { vegetal: Vegetal; headingLevel?: 2 | 3 }) {
  const rows = careFields.map((f) => ({ ...f, value: valueOf(v, f.key), source: v.fontes[f.key] })).filter((r) => r.value && r.source);
  const sources: Citacao[] = [];
  const numberOf = (c: Citacao) => {
    const text = citationText(c);
    let i = sources.findIndex((s) => citationText(s) === text);
    if (i < 0) i = sources.push(c) - 1;
    return i + 1;
  };
  const numbered = rows.map((r) => ({ ...r, n: numberOf(r.source!) }));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (numbered.length === 0) {
    return <p className="cultivo-meta">Nenhuma fonte consultada traz orientações de cultivo para esta planta ainda.</p>;
  }
  return (
    <div className="vegetal-care">
      <dl className="care-list">
        {numbered.map((r) => (
          <div key={r.key}>
            <dt>{r.label}</dt>
            <dd>
              <span className={r.key === 'nomeCientifico' ? 'scientific-name' : undefined}>{r.value}</span>{' '}
              <a className="care-source" href={`#fonte-${v.id}-${r.n}`} aria-label={`Fonte ${r.n}`}>
                [{r.n}]
              </a>
            </dd>
          </div>
        ))}
      </dl>
      <Heading className="care-sources-title">Fontes</Heading>
      <ol className="care-sources">
        {sources.map((s, i) => (
          <li key={i} id={`fonte-${v.id}-${i + 1}`}>
            {s.endereco ? (
              <a href={s.endereco} target="_blank" rel="noopener noreferrer">
                {s.titulo}
              </a>
            ) : (
              s.titulo
            )}
            . {s.editora}, {s.ano === 's.d.' ? 'sem data' : s.ano}. {s.local}.{!s.institucional && ' (fonte não institucional)'}
          </li>
        ))}
      </ol>
    </div>
  );
}
