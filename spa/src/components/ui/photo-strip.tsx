import { Photo } from '@/components/ui/photo';
import { canShowPhoto, mediaUrl } from '@/lib/media';
import '@/components/ui/photo-picker.css';

/**
 * The photos of an item in 280 × 210 slots (narrower on a narrow screen), lazy-loaded, the
 * smallest variant that fills the slot; each opens at its largest in a new tab.
 */
export function PhotoStrip({ keys: stored, alt }: { keys: string[]; alt: string }) {
  const keys = stored.filter(canShowPhoto);
  if (keys.length === 0) return null;
  return (
    <ul className="photo-strip" aria-label="Fotos">
      {keys.map((k, i) => (
        <li key={k}>
          <a href={mediaUrl(k)} target="_blank" rel="noopener noreferrer">
            <Photo photo={k} alt={keys.length > 1 ? `${alt} (${i + 1} de ${keys.length})` : alt} width={280} height={210} sizes="min(280px, 100vw)" />
          </a>
        </li>
      ))}
    </ul>
  );
}
