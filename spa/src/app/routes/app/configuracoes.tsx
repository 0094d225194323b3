import { useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/spinner';
import { QueryState } from '@/components/ui/query-states';
import { useAuth } from '@/lib/auth/auth-context';
import { setSignInNotice } from '@/lib/return-path';
import { useConta } from '@/features/account/api/account';
import { PasswordSection } from '@/features/account/components/password-section';
import { MfaSection } from '@/features/account/components/mfa-section';
import { NotificationPrefsSection } from '@/features/account/components/notification-prefs-section';
import { EmailChoicesSection } from '@/features/account/components/email-choices-section';
import { DataExportSection } from '@/features/account/components/data-export-section';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { RankingPrivacySection } from '@/features/rankings/components/ranking-privacy-section';
import '@/features/account/account.css';

export function Component() {
  const conta = useConta();
  const { signOut } = useAuth();
  const navigate = useNavigate();

  async function onDeleted() {
    // The route guard sends the signed-out visitor to /login, which shows this notice.
    setSignInNotice('Sua conta foi excluída. Até logo!');
    try {
      await signOut();
    } catch {
      // The sign-in is gone already: the local session is cleared either way.
    }
    navigate('/login', { replace: true });
  }

  return (
    <>
      <PageHeader title="Configurações" subtitle="Notificações, e-mails, senha, privacidade e seus dados" />
      <QueryState query={conta} loader={<PageLoader />} errorTitle="Não foi possível carregar suas configurações">
        {(data) => (
          <div className="settings-page">
            <NotificationPrefsSection />
            <EmailChoicesSection />
            <PasswordSection tipo={data.tipo} />
            <MfaSection tipo={data.tipo} />
            <RankingPrivacySection />
            <DataExportSection />
            <DeleteAccountSection conta={data} onDeleted={onDeleted} />
          </div>
        )}
      </QueryState>
    </>
  );
}
