import { Link, useSearchParams } from 'react-router-dom';
import { FailureAlert } from '@/components/ui/query-states';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/errors';
import { useAuth } from '@/lib/auth/auth-context';
import { PublicShell } from '@/app/layouts/public-shell';
import { useUnsubscribe, useUnsubscribeLink } from '@/features/account/api/emails';
import '@/features/account/account.css';

const title = 'Parar de receber e-mails';

/**
 * Where an e-mail's "não quero mais" link lands, signed in or not: it says which e-mails the link
 * stops and stops them with one click (a link scanner that only opens the page stops nothing).
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { user } = useAuth();
  const link = useUnsubscribeLink(token);
  const stop = useUnsubscribe(token);
  const settings = user ? '/configuracoes' : '/login';

  let body;
  if (token === '') {
    body = <p role="alert">Este link está incompleto. Use o link do e-mail mais recente ou escolha seus e-mails em Configurações.</p>;
  } else if (link.isPending) {
    body = <PageLoader />;
  } else if (link.isError) {
    body = <p role="alert">{errorMessage(link.error, 'Não foi possível ler este link.')}</p>;
  } else if (!link.data.ativo) {
    body = (
      <p role="status">
        Pronto: você não vai mais receber <strong>{link.data.rotulo.toLowerCase()}</strong> por e-mail.
      </p>
    );
  } else {
    body = (
      <form
        className="unsubscribe-form"
        onSubmit={(e) => {
          e.preventDefault();
          stop.mutate();
        }}
      >
        <p>
          Este link vale para os e-mails de <strong>{link.data.rotulo.toLowerCase()}</strong>. Depois de parar, você pode voltar a
          recebê-los quando quiser em Configurações.
        </p>
        <SubmitButton busy={stop.isPending} busyLabel="Parando...">
          Parar de receber
        </SubmitButton>
        <FailureAlert result={stop} fallback="Não foi possível parar o envio. Tente novamente." />
      </form>
    );
  }

  return (
    <PublicShell>
      <PageHeader title={title} />
      <section className="card unsubscribe-card" aria-label={title}>
        {body}
        <p>
          <Link to={settings}>{user ? 'Escolher todos os meus e-mails em Configurações' : 'Entrar no Verde para escolher seus e-mails'}</Link>
        </p>
      </section>
    </PublicShell>
  );
}
