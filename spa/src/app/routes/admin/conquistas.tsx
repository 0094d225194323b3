import { PageHeader } from '@/components/ui/page-header';

export function Component() {
  return (
    <>
      <PageHeader title="Conquistas" />
      <p className="coming-soon">Conquistas - Em breve</p>
    </>
  );
}
