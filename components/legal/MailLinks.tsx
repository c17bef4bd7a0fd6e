import { Fragment } from 'react';
import { brand } from '@/lib/config';

/** A legal text with the support address as a mail link wherever it names it. */
export function MailLinks({ text }: { text: string }) {
  return text.split(brand.supportEmail).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <a href={`mailto:${brand.supportEmail}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
          {brand.supportEmail}
        </a>
      )}
      {part}
    </Fragment>
  ));
}
