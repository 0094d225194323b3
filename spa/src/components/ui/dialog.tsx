import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: role=dialog with its title as name, focus moved in on open (to initialFocus or
 * the first control), kept inside with Tab, Escape to close (unless busy), Back to close (as on a
 * phone), and focus given back to whatever had it when the dialog closes.
 */
export function Dialog({
  title,
  onClose,
  children,
  initialFocus,
  busy = false,
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  busy?: boolean;
  describedBy?: string;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  // The latest onClose, for the Back handler below (kept after each render, not during it).
  useLayoutEffect(() => {
    close.current = busy ? () => undefined : onClose;
  });

  // Back closes the dialog: opening adds a history entry of the same address (marked with the
  // dialog's id; the router's own state is kept, so the router sees no move), and leaving that
  // entry (Back) closes it. A dialog closed another way takes its entry off again, unless the
  // page has moved on to another entry meanwhile.
  useEffect(() => {
    const mark = `dialog-${titleId}`;
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.pushState({ ...state, verdeDialog: mark }, '');
    const onPop = () => {
      if ((window.history.state as Record<string, unknown> | null)?.verdeDialog !== mark) close.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if ((window.history.state as Record<string, unknown> | null)?.verdeDialog === mark) window.history.back();
    };
  }, [titleId]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initialFocus?.current ?? panel.current?.querySelector<HTMLElement>(focusable) ?? panel.current;
    first?.focus();
    return () => {
      if (opener && opener.isConnected) opener.focus();
    };
    // Focus moves once, when the dialog opens, not on every render of its content.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initialFocus is read at opening only
  }, []);

  function handleKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(focusable));
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
