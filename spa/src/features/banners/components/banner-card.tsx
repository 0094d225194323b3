import { Link } from 'react-router-dom';
import { Photo } from '@/components/ui/photo';
import { canShowPhoto } from '@/lib/media';
import type { Banner } from '@/types/api';
import '@/features/banners/banners.css';

type Shown = Pick<Banner, 'titulo' | 'texto' | 'imagem' | 'link'>;

/** One banner as members see it on /dashboard (and admins in the preview). */
export function BannerCard({ banner }: { banner: Shown }) {
  const external = banner.link.startsWith('https://');
  return (
    <article className="card banner-card">
      {canShowPhoto(banner.imagem) && <Photo className="banner-image" photo={banner.imagem} alt="" width={192} height={108} sizes="min(192px, 100vw)" />}
      <div className="banner-body">
        <h2 className="banner-title">{banner.titulo}</h2>
        {banner.texto && <p className="banner-text">{banner.texto}</p>}
        {banner.link &&
          (external ? (
            <a href={banner.link} target="_blank" rel="noopener noreferrer">
              Saiba mais<span className="visually-hidden"> sobre {banner.titulo} (abre em nova aba)</span>
            </a>
          ) : (
            <Link to={banner.link}>
              Saiba mais<span className="visually-hidden"> sobre {banner.titulo}</span>
            </Link>
          ))}
      </div>
    </article>
  );
}
