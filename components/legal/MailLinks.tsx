import { Fragment } from 'react';
import { brand } from '@/lib/config';

/** A legal text with the support address as a mail link wherever it names it. */
export function MailLinks({ text }: { text: string }) {
  return text.split(brand.supportEmail).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <a href={`mailto:${brand.supportEmail}`} className="mail-link">
          {brand.supportEmail}
        </a>
      )}
      {part}
    </Fragment>
  ));
}
