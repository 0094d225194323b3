import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useOptimisticSave } from '@/features/account/api/optimistic';
import type { EmailChoices, EmailChoicesInput, Unsubscribe } from '@/types/api';

/** GET /api/me/emails: each kind of e-mail and whether I chose it; whether the site sends e-mail. */
export function useEmailChoices() {
  return useQuery({ queryKey: queryKeys.account.emailChoices, queryFn: () => api.get<EmailChoices>('/me/emails') });
}

/** PUT the kinds I want, shown at once (rolled back on failure). */
export function useSaveEmailChoices() {
  return useOptimisticSave(
    queryKeys.account.emailChoices,
    (input: EmailChoicesInput) => api.put<EmailChoices>('/me/emails', input),
    (previous, input) => {
      const on = new Set<string>(input.ativos);
      return { ...previous, tipos: previous.tipos.map((k) => ({ ...k, ativo: on.has(k.tipo) })) };
    },
  );
}

const unsubscribePath = (token: string) => `/emails/descadastro?t=${encodeURIComponent(token)}`;

/** What an e-mail's unsubscribe link would stop (no sign-in; changes nothing). */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: queryKeys.account.unsubscribe(token),
    queryFn: () => api.get<Unsubscribe>(unsubscribePath(token)),
    enabled: token !== '',
    retry: false,
  });
}

/** Stops the link's kind of e-mail (the same endpoint a mail client's one-click POST reaches). */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Unsubscribe>(unsubscribePath(token)),
    onSuccess: (done) => {
      queryClient.setQueryData(queryKeys.account.unsubscribe(token), done);
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.emailChoices });
    },
  });
}
