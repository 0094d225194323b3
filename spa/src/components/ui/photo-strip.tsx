import { mediaUrl } from '@/lib/media';
import '@/components/ui/photo-picker.css';

/** The photos of an item, lazy-loaded and sized for a phone; each opens full size in a new tab. */
export function PhotoStrip({ keys, alt }: { keys: string[]; alt: string }) {
  if (keys.length === 0) return null;
  return (
    <ul className="photo-strip" aria-label="Fotos">
      {keys.map((k, i) => (
        <li key={k}>
          <a href={mediaUrl(k)} target="_blank" rel="noopener noreferrer">
            <img src={mediaUrl(k)} alt={keys.length > 1 ? `${alt} (${i + 1} de ${keys.length})` : alt} loading="lazy" decoding="async" width={280} height={210} />
          </a>
        </li>
      ))}
    </ul>
  );
}
