import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** The payment's QR code, drawn as SVG (no canvas needed). */
export function PaymentQr({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    qrSvg(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#061018', light: '#ffffff' } }).then(
      (svg) => alive && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => alive && setSrc(null),
    );
    return () => {
      alive = false;
    };
  }, [text]);
  if (!src) return null;
  return <img className="order-qr" src={src} alt={label} width={168} height={168} data-testid="payment-qr" />;
}
