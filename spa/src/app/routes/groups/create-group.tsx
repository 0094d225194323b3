import { useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { useCreateGroup } from '@/features/groups/api/groups';
import { GroupForm, initialGroupValues } from '@/features/groups/components/group-form';
import { groupInputFrom } from '@/features/groups/form-values';
import { plural } from '@/lib/format';
import '@/features/groups/groups.css';

export function Component() {
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <>
      <PageHeader title="Criar Grupo" subtitle="Reúna as pessoas da sua horta comunitária." />
      <section className="card groups-form-card">
        <GroupForm
          initial={initialGroupValues()}
          submitLabel="Criar grupo"
          busyLabel="Criando grupo..."
          busy={create.isPending}
          error={create.error}
          onSubmit={(values) =>
            create.mutate(groupInputFrom(values), {
              onSuccess: (group) => {
                const pontos = group.pontosGanhos ?? 0;
                const aviso = pontos > 0 ? `Grupo criado! Você ganhou ${plural(pontos, 'ponto', 'pontos')}.` : 'Grupo criado!';
                navigate(`/grupos/${encodeURIComponent(group.id)}`, { state: { aviso } });
              },
            })
          }
          onCancel={() => navigate('/grupos')}
        />
      </section>
    </>
  );
}
