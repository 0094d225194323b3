import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';

/** A member in no group yet (Meus Grupos, the dashboard): the two first steps, find one or create one. */
export function NoGroupsYet({ small = false }: { small?: boolean }) {
  const size = small ? ' button-small' : '';
  return (
    <EmptyState icon={<UsersIcon />} title="Você ainda não participa de nenhum grupo">
      <p>Encontre uma horta comunitária perto de você ou crie a sua.</p>
      <p className="actions-row">
        <Link className={`button button-primary${size}`} to="/grupos/diretorio">
          Explorar Grupos
        </Link>
        <Link className={`button button-secondary${size}`} to="/grupos/novo">
          Criar Grupo
        </Link>
      </p>
    </EmptyState>
  );
}
