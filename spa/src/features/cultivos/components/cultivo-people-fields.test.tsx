import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CultivoPeopleFields } from '@/features/cultivos/components/cultivo-people-fields';
import type { MemberPage } from '@/types/api';

type Member = MemberPage['items'][number];

const member = (userId: string, nome: string, lotes: string[]): Member => ({
  userId,
  nome,
  papel: 'membro',
  joinedAt: '2026-01-01T00:00:00.000Z',
  lotes,
  lotesSolicitados: [],
});

function Harness({ members, currentLote }: { members: Member[]; currentLote?: string }) {
  const [colaboradores, setColaboradores] = useState<string[]>([]);
  const [lote, setLote] = useState(currentLote ?? '');
  return (
    <CultivoPeopleFields
      members={members}
      loading={false}
      responsavelId="eu"
      colaboradores={colaboradores}
      onColaboradores={setColaboradores}
      loteCodigo={lote}
      onLote={setLote}
      currentLote={currentLote}
      errors={{ colaboradores: 'Escolha no máximo 10 colaboradores' }}
    />
  );
}

const lotes = () =>
  within(screen.getByLabelText('Lote (opcional)'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('CultivoPeopleFields', () => {
  it('offers the lotes of the responsible member and of the chosen collaborators, in order', async () => {
    render(<Harness members={[member('eu', 'Eu Mesma', ['B2']), member('ana', 'Ana', ['A1']), member('bia', 'Bia', ['C3'])]} />);
    expect(screen.queryByRole('checkbox', { name: /Eu Mesma/ })).toBeNull();
    expect(lotes()).toEqual(['Sem lote', 'B2']);
    await userEvent.click(screen.getByRole('checkbox', { name: /Ana/ }));
    expect(lotes()).toEqual(['Sem lote', 'A1', 'B2']);
    await userEvent.click(screen.getByRole('checkbox', { name: /Ana/ }));
    expect(lotes()).toEqual(['Sem lote', 'B2']);
    expect(screen.getByText('Escolha no máximo 10 colaboradores')).toHaveAttribute('role', 'alert');
  });

  it('keeps the lote the cultivo is on, and stops at 10 collaborators', async () => {
    const many = Array.from({ length: 12 }, (_, i) => member(`m${i}`, `Membro ${i}`, []));
    render(<Harness members={[member('eu', 'Eu', []), ...many]} currentLote="Z9" />);
    expect(lotes()).toEqual(['Sem lote', 'Z9']);
    for (let i = 0; i < 10; i++) await userEvent.click(screen.getByRole('checkbox', { name: `Membro ${i}` }));
    expect(screen.getByRole('checkbox', { name: 'Membro 10' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Membro 0' })).toBeEnabled();
  });

  it('says when the group has nobody else', () => {
    render(<Harness members={[member('eu', 'Eu', [])]} />);
    expect(screen.getByText('Nenhum outro membro no grupo.')).toBeInTheDocument();
  });
});
