import type { Enrolment } from '@/lib/contract/second-factor';

/** The QR code as an image: the server's SVG text never becomes markup of the page. */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** A new authenticator secret to scan as a QR code, or to type into the app by hand. */
export function AuthenticatorKey({ enrolment, texts }: { enrolment: Enrolment; texts: { scan: string; qrAlt: string; manual: string } }) {
  return (
    <>
      <p>{texts.scan}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made here, nothing for the image optimiser */}
      <img
        src={svgImage(enrolment.QrCodeSvg)}
        alt={texts.qrAlt}
        width={200}
        height={200}
        className="size-[200px] rounded-md border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-700">{texts.manual}</p>
      <code data-testid="totp-secret" className="self-start rounded bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all">
        {grouped(enrolment.Secret)}
      </code>
    </>
  );
}
