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

  useEffect(() => {
    if (!incoming) return;
    setMessage(incoming);
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [incoming, navigate, location.pathname, location.search, location.hash]);

  return (
    <p className={message ? 'groups-flash' : 'visually-hidden'} role="status">
      {message}
    </p>
  );
}
