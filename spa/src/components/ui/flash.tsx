import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A one-time notice handed over by the page before through router state ({aviso}), e.g. 'Grupo
 * criado!'. It is read once and cleared from history, so a reload or Back does not repeat it.
 */
export function Flash() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { aviso?: unknown } | null;
  const incoming = typeof state?.aviso === 'string' ? state.aviso : null;
  const [message, setMessage] = useState(incoming);
  // A new notice replaces the one shown (set while rendering, as React advises for state that
  // follows a prop); the effect only clears it from history.
  if (incoming && incoming !== message) setMessage(incoming);

  useEffect(() => {
    if (!incoming) return;
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [incoming, navigate, location.pathname, location.search, location.hash]);

  return <Notice message={message} />;
}

/**
 * The news of what just happened on this page ('Alterações salvas.'): a status line, always in
 * the DOM so screen readers announce each new message, shown only while there is one.
 */
export function Notice({ message }: { message: string | null }) {
  return (
    <p className={message ? 'flash' : 'visually-hidden'} role="status">
      {message}
    </p>
  );
}
