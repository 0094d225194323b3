import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { AuditLog } from '@/features/admin/components/audit-log';
import { KpiCards } from '@/features/admin-stats/components/kpi-cards';

const sections = [
  { path: '/admin/vegetais', label: 'Vegetais', text: 'Catálogo de vegetais e calendário de plantio.' },
  { path: '/admin/banners', label: 'Banners', text: 'Banners do dashboard.' },
  { path: '/admin/usuarios', label: 'Usuários', text: 'Usuários, papéis e ajustes de pontos.' },
  { path: '/admin/analytics', label: 'Analytics', text: 'Uso ao longo do tempo.' },
  { path: '/admin/guias', label: 'Guias', text: 'Guias de cultivo.' },
  { path: '/admin/conquistas', label: 'Conquistas', text: 'Conquistas da comunidade.' },
  { path: '/admin/moderacao', label: 'Moderação', text: 'Fila de denúncias.' },
  { path: '/admin/dados', label: 'Dados', text: 'Exportação e importação.' },
  { path: '/admin/configuracoes', label: 'Configurações', text: 'Regras de pontos e limites.' },
];

export function Component() {
  return (
    <>
      <PageHeader title="Painel Admin" subtitle="Ferramentas de administração do Verde." />
      <KpiCards />
      <ul className="card-grid">
        {sections.map((s) => (
          <li key={s.path}>
            <Link to={s.path} className="card card-link">
              <h2>{s.label}</h2>
              <p>{s.text}</p>
            </Link>
          </li>
        ))}
      </ul>
      <AuditLog />
    </>
  );
}
