import { LeafIcon } from '@/components/ui/icons';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className={`logo logo-${size}`}>
      <span className="logo-mark" aria-hidden="true">
        <LeafIcon />
      </span>
      <span className="logo-text">Verde</span>
    </span>
  );
}
