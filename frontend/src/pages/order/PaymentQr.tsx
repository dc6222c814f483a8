import { useEffect, useState } from 'react';

/**
 * The payment's QR code, drawn as SVG (no canvas needed). The QR library loads only when a pay
 * step shows one: the order page's first screen does not wait for it.
 */
export function PaymentQr({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then(({ toString: qrSvg }) => qrSvg(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#061018', light: '#ffffff' } }))
      .then(
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
