import { Link } from 'react-router-dom';
import { Photo } from '@/components/ui/photo';
import { canShowPhoto } from '@/lib/media';
import { bannerLink } from '@/features/banners/rules/link';
import type { Banner } from '@/types/api';
import '@/features/banners/banners.css';

type Shown = Pick<Banner, 'titulo' | 'texto' | 'imagem' | 'link'>;

/** One banner as members see it on /dashboard (and admins in the preview). */
export function BannerCard({ banner }: { banner: Shown }) {
  // A link the API would refuse today (saved before the check) is not shown.
  const link = bannerLink(banner.link);
  return (
    <article className="card banner-card">
      {canShowPhoto(banner.imagem) && <Photo className="banner-image" photo={banner.imagem} alt="" width={192} height={108} sizes="min(192px, 100vw)" />}
      <div className="banner-body">
        <h2 className="banner-title">{banner.titulo}</h2>
        {banner.texto && <p className="banner-text">{banner.texto}</p>}
        {link &&
          (link.kind === 'externo' ? (
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              Saiba mais<span className="visually-hidden"> sobre {banner.titulo} (abre em nova aba)</span>
            </a>
          ) : (
            <Link to={link.href}>
              Saiba mais<span className="visually-hidden"> sobre {banner.titulo}</span>
            </Link>
          ))}
      </div>
    </article>
  );
}
