import { useEffect, useState } from 'react';
import { qrImage } from '#src/lib/qr-image.ts';

/**
 * The set-up link as a QR code for an authenticator app to scan (qrcode loads when a set-up
 * starts). The secret is also shown as text beside it for a phone that cannot scan.
 */
export function QrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrImage(url, 1)
      .then((image) => {
        if (current) setSvg(image);
      })
      // Without the library (a failed chunk load) the secret typed by hand still sets the app up.
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
    return () => {
      current = false;
    };
  }, [url]);
  // The box keeps its size while the library loads, so the secret and the code field do not move.
  return (
    <div className="h-44 w-44 shrink-0 border border-slate-200 bg-white">
      {svg && <img src={svg} alt="QR code for your authenticator app" className="h-full w-full" />}
    </div>
  );
}
