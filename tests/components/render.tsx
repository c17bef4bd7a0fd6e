import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

const messages = { en, de, ru };

export function renderWithIntl(ui: ReactElement, locale: keyof typeof messages = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="UTC">
      {ui}
    </NextIntlClientProvider>,
  );
}
