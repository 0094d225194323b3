import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

export interface TabNavItem {
  to: string;
  label: string;
  current: boolean;
  /** Replace the history entry (tabs of one page) instead of pushing one (sections). */
  replace?: boolean;
}

/**
 * A strip of section links (a group's tabs, the admin sections). On a phone it scrolls sideways:
 * the current tab is scrolled into view, and a fade at an edge says more tabs lie that way. On a
 * wide screen the strip wraps instead of cutting a tab.
 */
export function TabNav({ label, items }: { label: string; items: TabNavItem[] }) {
  const nav = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const currentTo = items.find((i) => i.current)?.to;

  useEffect(() => {
    const el = nav.current;
    if (!el) return;
    const update = () => setMore({ left: el.scrollLeft > 2, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 2 });
    const active = el.querySelector<HTMLElement>('[aria-current="page"]');
    if (active) {
      // Centre the current tab in the strip; the page itself does not move.
      el.scrollLeft = Math.max(0, active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2);
    }
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [currentTo]);

  const className = `tab-nav${more.left ? ' tab-nav-more-left' : ''}${more.right ? ' tab-nav-more-right' : ''}`;
  return (
    <nav ref={nav} className={className} aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} replace={item.replace} className={item.current ? 'active' : undefined} aria-current={item.current ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
