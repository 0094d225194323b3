import { encode } from 'uqr';
import '@/features/account/account.css';

/**
 * The otpauth:// address as a QR code for the authenticator app to scan: drawn as one SVG path
 * (no canvas, no inline script: the site's Content-Security-Policy allows neither a data: script
 * nor eval).
 */
export function TotpQr({ uri }: { uri: string }) {
  const { data, size } = encode(uri, { border: 2, ecc: 'M' });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg className="mfa-qr" role="img" aria-label="Código QR para o aplicativo autenticador" viewBox={`0 0 ${size} ${size}`}
      width={192} height={192} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
