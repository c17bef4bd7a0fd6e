import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { JSDOM } from 'jsdom';
import legalDe from '../../messages/legal/de.json';
import legalEn from '../../messages/legal/en.json';
import legalRu from '../../messages/legal/ru.json';
import siteDe from '../../messages/site/de.json';
import siteEn from '../../messages/site/en.json';
import siteRu from '../../messages/site/ru.json';
import commonDe from '../../messages/de.json';
import commonEn from '../../messages/en.json';
import commonRu from '../../messages/ru.json';
import { acceptCookies, collectConsoleErrors, expectNoAxeViolations, layoutShiftSoFar, product } from './fixtures';
import { newCustomerByApi } from './api';
import { mailsTo, uniqueEmail } from './mail';

const messages = {
  en: { ...commonEn, ...legalEn, ...siteEn },
  de: { ...commonDe, ...legalDe, ...siteDe },
  ru: { ...commonRu, ...legalRu, ...siteRu },
};
type Locale = keyof typeof messages;
type Messages = (typeof messages)['en'];
const locales = Object.keys(messages) as Locale[];
const prefixed = (locale: Locale, path: string) => (locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`);

const supportEmail = 'support@bluebonnet-software.example';

/** Every public page (docs/product/languages-and-routing.md#routes) with its heading and its title key (docs/product/pages.md#page-titles-and-descriptions). */
const publicPages: { path: string; meta: Exclude<keyof Messages['meta'], 'titleTemplate'>; heading: (m: Messages) => string }[] = [
  { path: '/', meta: 'home', heading: (m) => m.pages.home.heading },
  { path: '/solutions', meta: 'solutions', heading: (m) => m.pages.solutions.heading },
  { path: '/solutions/consulting', meta: 'consulting', heading: (m) => m.pages.consulting.heading },
  { path: '/solutions/pdf', meta: 'pdf', heading: (m) => m.pages.pdf.heading },
  { path: '/solutions/health', meta: 'health', heading: (m) => m.pages.health.heading },
  { path: '/solutions/talent', meta: 'talent', heading: (m) => m.pages.talent.heading },
  { path: '/contact', meta: 'contact', heading: (m) => m.pages.contact.heading },
  { path: '/legal', meta: 'legal', heading: (m) => m.legal.index.title },
  { path: '/legal/terms-of-service', meta: 'termsOfService', heading: (m) => m.legal.termsOfService.title },
  { path: '/legal/privacy-policy', meta: 'privacyPolicy', heading: (m) => m.legal.privacyPolicy.title },
  { path: '/legal/cookie-policy', meta: 'cookiePolicy', heading: (m) => m.legal.cookiePolicy.title },
  { path: '/blank', meta: 'blank', heading: (m) => m.pages.blank.heading },
];

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

// What the server sends is read from the response: a browser only for what needs one (axe, scripts).
test('every public page in every language is prerendered with its lang, heading, title, canonical and hreflang', async ({ request }) => {
  for (const locale of locales) {
    const m = messages[locale];
    for (const page of publicPages) {
      const url = prefixed(locale, page.path);
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(200);
      // Served from the build's prerendered HTML (each public page is static, so it needs no render per visit).
      expect(response.headers()['x-nextjs-prerender'], url).toBeTruthy();
      expect(response.headers()['cache-control'], url).toContain('s-maxage=');
      const { document } = new JSDOM(await response.text()).window;
      expect(document.documentElement.lang, url).toBe(locale);
      expect(text(document.querySelector('h1')), url).toBe(page.heading(m));
      expect(document.title, url).toBe(`${product} - ${m.meta[page.meta].title}`);
      const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      expect(new URL(canonical!).pathname, url).toBe(url);
      for (const other of [...locales, 'x-default'] as const) {
        const href = document.querySelector(`link[rel="alternate"][hreflang="${other}"]`)?.getAttribute('href');
        expect(new URL(href!).pathname, `${url} → ${other}`).toBe(prefixed(other === 'x-default' ? 'en' : other, page.path));
      }
    }
  }
});

/** Every page in English, and a sample of the others: the same templates with other words. */
const scannedPages = [
  ...publicPages.map(({ path }) => prefixed('en', path)),
  prefixed('de', '/'),
  prefixed('de', '/contact'),
  prefixed('de', '/legal/privacy-policy'),
  prefixed('ru', '/solutions/consulting'),
  prefixed('ru', '/legal/terms-of-service'),
];

test.describe('public pages in the browser', () => {
  for (const url of scannedPages) {
    test(`${url} has no axe violations and no console errors`, async ({ page }) => {
      await acceptCookies(page);
      const errors = collectConsoleErrors(page);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }
});

const heroNames = ['desk1', 'desk2', 'meeting'];

async function shownHero(page: Page): Promise<string> {
  const shown = page.locator('[data-hero-image]:visible');
  await expect(shown).toHaveCount(1);
  // Loaded, not just chosen: the picked image decodes.
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const src = decodeURIComponent((await shown.getAttribute('src')) ?? '');
  return heroNames.find((name) => src.includes(`/images/hero/${name}.webp`)) ?? `unexpected: ${src}`;
}

test.describe('home', () => {
  test('shows one of the three heroes; image and EXPLORE SERVICES link to consulting', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    expect(heroNames).toContain(await shownHero(page));
    await expect(page.getByTestId('hero-link')).toHaveAttribute('href', '/solutions/consulting');
    await expect(page.getByRole('link', { name: 'EXPLORE SERVICES' })).toHaveAttribute('href', '/solutions/consulting');
    await page.getByTestId('hero-link').click();
    await expect(page).toHaveURL(/\/solutions\/consulting$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Software Consulting');
    await page.goBack();
    await page.getByRole('link', { name: 'EXPLORE SERVICES' }).click();
    await expect(page).toHaveURL(/\/solutions\/consulting$/);
  });

  test('requests only the picked hero, with high priority, without waiting for the stylesheet', async ({ page }) => {
    await acceptCookies(page);
    // The stylesheet held back: a picker that waited for it would start the request after it.
    await page.route('**/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const priorities: string[] = [];
    const browser = await page.context().newCDPSession(page);
    browser.on('Network.requestWillBeSent', ({ request }) => {
      if (decodeURIComponent(request.url).includes('/images/hero/')) priorities.push(request.initialPriority);
    });
    await browser.send('Network.enable');
    await page.goto('/');
    const picked = await shownHero(page);
    const timings = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        url: decodeURIComponent(entry.name),
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    );
    const heroes = timings.filter((entry) => entry.url.includes('/images/hero/'));
    expect(heroes.map((entry) => entry.url)).toEqual([expect.stringContaining(`/images/hero/${picked}.webp`)]);
    expect(priorities).toEqual(['High']);
    const stylesheet = timings.find((entry) => entry.url.endsWith('.css'));
    expect(heroes[0].start).toBeLessThan(stylesheet!.end);
    const shown = page.locator('[data-hero-image]:visible');
    await expect(shown).toHaveAttribute('loading', 'eager');
    await expect(shown).toHaveAttribute('fetchpriority', 'high');
  });

  test('picks at random per visit, also after client-side navigation', async ({ page }) => {
    await acceptCookies(page);
    const seen = new Set<string>();
    // Twelve visits all alike has a chance of 3 × (1/3)^12 ≈ 6e-6.
    for (let visit = 0; visit < 12 && seen.size < 2; visit++) {
      await page.goto('/');
      seen.add(await shownHero(page));
    }
    expect(seen.size).toBeGreaterThan(1);
    await page.goto('/contact');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    expect(heroNames).toContain(await shownHero(page));
  });

  test('the hero causes no layout shift', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    await shownHero(page);
    expect(await layoutShiftSoFar(page)).toBe(0);
  });

  test('the header is drawn whole: a page arriving in two parts, cut inside the header, shifts nothing', async ({ page, baseURL }) => {
    // Between the browser and the site: the document stops after the header's first link for
    // 600 ms, as when a slow network's first packet ends there; everything else passes as it is.
    const site = new URL(baseURL!);
    const proxy = http.createServer((request, response) => {
      const isDocument = request.url === '/';
      const headers = { ...request.headers, host: site.host, ...(isDocument && { 'accept-encoding': 'identity' }) };
      const upstream = http.request(
        { hostname: site.hostname, port: site.port, path: request.url, method: request.method, headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          if (!isDocument) return void answer.pipe(response);
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => {
            const html = Buffer.concat(parts);
            const cut = html.indexOf('</a>', html.indexOf('<nav')) + '</a>'.length;
            response.write(html.subarray(0, cut));
            setTimeout(() => response.end(html.subarray(cut)), 600);
          });
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      await acceptCookies(page);
      await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`);
      await shownHero(page);
      expect(await layoutShiftSoFar(page)).toBe(0);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test('carries JSON-LD for the organization with the Plano address', async ({ page }) => {
    await page.goto('/');
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(json).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Bluebonnet Software LLC',
      address: { '@type': 'PostalAddress', addressLocality: 'Plano', addressRegion: 'TX', addressCountry: 'US' },
    });
  });
});

test.describe('solutions', () => {
  test('the index shows consulting and, outside production, both apps', async ({ page }) => {
    await page.goto('/solutions');
    await expect(page.getByTestId('solution-consulting')).toBeVisible();
    // The e2e build runs with the production flag off (README), so the app cards show.
    await expect(page.getByTestId('solution-pdf')).toBeVisible();
    await expect(page.getByTestId('solution-health')).toBeVisible();
    await page.getByTestId('solution-consulting').getByRole('link').click();
    await expect(page).toHaveURL(/\/solutions\/consulting$/);
  });

  test('consulting lists services and stack, names Plano, Texas and books a consultation', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/solutions/consulting');
    for (const service of ['Requirements analysis', 'Architecture design', 'Full-stack development', 'Data modeling', 'Deployment']) {
      await expect(page.getByRole('heading', { name: service })).toBeVisible();
    }
    for (const technology of ['Angular', '.NET', 'Cloud', 'AI']) {
      await expect(page.getByRole('heading', { name: technology, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Month-to-month, with a demo every 2 weeks' })).toBeVisible();
    await expect(page.getByTestId('location')).toContainText('Plano, Texas');
    await page.getByRole('link', { name: 'Schedule free consultation' }).first().click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.getByRole('heading', { name: 'How can we help you?' })).toBeInViewport();
  });

  test('talent is a stub with a Go to app link and a to-do note', async ({ page }) => {
    await page.goto('/solutions/talent');
    await expect(page.getByRole('link', { name: 'Go to app' })).toHaveAttribute('href', '/app/talent');
    await expect(page.getByText(/^To do:/)).toBeVisible();
  });

  for (const app of ['pdf', 'health'] as const) {
    test(`${app}: logged out it asks for a login; ?a=login opens the login dialog`, async ({ page }) => {
      await acceptCookies(page);
      await page.goto(`/solutions/${app}`);
      const access = page.getByTestId('app-access');
      await expect(access).toContainText('You need to login first before accessing the app.');
      await expect(access.getByRole('link', { name: 'OPEN APP' })).toHaveCount(0);
      await access.getByRole('button', { name: 'LOGIN' }).click();
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
      await page.goto(`/solutions/${app}?a=login`);
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    });
  }

  test('logged in: OPEN APP goes to the app; ?a=logout ends the session', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/solutions/pdf');
    await newCustomerByApi(page, uniqueEmail('apps'), 'Sup3rSecret!');

    await page.goto('/solutions/health');
    await expect(page.getByTestId('app-access').getByRole('link', { name: 'OPEN APP' })).toHaveAttribute('href', '/apps/health');
    await expect(page.getByText('You need to login first before accessing the app.')).toHaveCount(0);

    await page.goto('/solutions/pdf?a=logout');
    await expect(page.getByTestId('snackbar')).toHaveText(/Session ended/);
    await expect(page.getByTestId('app-access')).toContainText('You need to login first before accessing the app.');
    expect(await page.evaluate(() => localStorage.getItem('auth.session'))).toBe('false');
  });
});

test.describe('legal', () => {
  test('privacy policy anchors 1 to 14 scroll their section into view', async ({ page }) => {
    // Instant scrolling (as with reduced motion): a smooth scroll still running from one click
    // would race Playwright's own scroll to the next link.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await acceptCookies(page);
    await page.goto('/legal/privacy-policy#7');
    await expect(page.locator('[id="7"]')).toBeInViewport();
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
    await expect(quickLinks).toHaveCount(14);
    for (let section = 1; section <= 14; section++) {
      await quickLinks.nth(section - 1).click();
      await expect(page).toHaveURL(new RegExp(`#${section}$`));
      await expect(page.locator(`[id="${section}"] h2`)).toBeInViewport();
    }
  });

  test('the legal texts give the support address as a mail link and the postal address in the page’s language', async ({ page }) => {
    await acceptCookies(page);
    const pages: [path: string, country?: string][] = [
      ['/legal'],
      ['/legal/terms-of-service', 'United States'],
      ['/de/legal/privacy-policy', messages.de.legal.postalCountry],
      ['/ru/legal/cookie-policy'],
      ['/ru/legal/terms-of-service', messages.ru.legal.postalCountry],
    ];
    for (const [path, country] of pages) {
      await page.goto(path);
      const main = page.getByRole('main');
      const links = main.getByRole('link', { name: supportEmail });
      expect(await links.count(), path).toBeGreaterThan(0);
      for (const link of await links.all()) await expect(link).toHaveAttribute('href', `mailto:${supportEmail}`);
      if (country) await expect(main).toContainText(`Plano, TX 75024, ${country}`);
      if (!path.startsWith('/legal')) await expect(main).not.toContainText('United States');
    }
  });
});

test.describe('contact', () => {
  test('shows the flag, the Plano address and the support address for screen readers', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    await expect(page.getByTestId('us-flag')).toBeVisible();
    await expect(page.getByTestId('postal-address')).toContainText('Plano, Texas');
    await expect(page.getByTestId('postal-address')).toContainText('United States');
    const emailLink = page.getByRole('link', { name: supportEmail });
    await expect(emailLink).toHaveAttribute('href', `mailto:${supportEmail}`);
    await expect(emailLink).not.toHaveAttribute('aria-live', /.+/);
  });

  test('the email line starts still, scrambles in the address after 2 s and cycles back', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    const line = page.getByTestId('email-scramble').locator('span[aria-hidden]').first();
    await expect(line).toHaveText('Drop us a line anytime');
    // Every text the line shows, with its time since navigation, recorded in the page: the
    // reveal lasts a few hundred ms, which polls from here can miss on a loaded machine.
    await line.evaluate((element) => {
      const frames: { text: string; at: number }[] = [];
      Object.assign(window, { scrambleFrames: frames });
      new MutationObserver(() => frames.push({ text: element.textContent ?? '', at: performance.now() })).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await expect(line).toHaveText(supportEmail, { timeout: 6000 });
    const frames = await page.evaluate(() => (window as unknown as { scrambleFrames: { text: string; at: number }[] }).scrambleFrames);
    // Still for the first 2 s (they count from the line's mount, after navigation began).
    expect(frames[0].at).toBeGreaterThanOrEqual(2000);
    // Scrambled frames before the address, each as long as it.
    expect(frames.some(({ text }) => text !== supportEmail && text.length === supportEmail.length)).toBe(true);
    await expect(line).toHaveText('Drop us a line anytime', { timeout: 8000 });
  });

  test('the email line stands still on the address while the visitor focuses it (WCAG 2.2.2)', async ({ page }) => {
    await acceptCookies(page);
    await page.clock.install();
    await page.goto('/contact');
    const link = page.getByTestId('email-scramble');
    const shown = link.locator('span[aria-hidden]:visible');
    await link.focus();
    await expect(shown).toHaveText(supportEmail);
    // Past the points where it would scramble in and back to the statement, on the page's clock.
    await page.clock.runFor(5000);
    await expect(shown).toHaveText(supportEmail);
  });

  test('with reduced motion the address stands still and readable', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await acceptCookies(page);
    await page.clock.install();
    await page.goto('/contact');
    const link = page.getByTestId('email-scramble');
    await expect(link.locator('span[aria-hidden]:visible')).toHaveText(supportEmail);
    await page.clock.runFor(5000);
    await expect(link.locator('span[aria-hidden]:visible')).toHaveText(supportEmail);
  });

  test('an invalid send shows the focused field with its section heading below the sticky header', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    const fullName = form.getByLabel('Full name');
    const headerBottom = (await page.getByRole('banner').boundingBox())!.height;
    // The field just below the header, its heading scrolled away under it.
    await fullName.evaluate(
      (field, top) => window.scrollBy({ top: field.getBoundingClientRect().top - top, behavior: 'instant' }),
      headerBottom + 8,
    );
    await form.getByRole('button', { name: 'SEND MESSAGE' }).click();
    await expect(fullName).toBeFocused();
    const heading = page.getByRole('heading', { name: 'How can we help you?' });
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
    const field = (await fullName.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  });

  test('a valid message is thanked for, the form resets and support gets the mail', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    const text = `Hello from the e2e suite ${Date.now()}`;
    await form.getByLabel('Full name').fill('  Ada Lovelace ');
    await form.getByLabel('Email').fill(' Ada@Example.COM ');
    await form.getByLabel('Phone').fill('555-0100');
    await form.getByLabel('Message').fill(text);
    await form.getByRole('button', { name: 'SEND MESSAGE' }).click();

    const snack = page.getByTestId('snackbar');
    await expect(snack).toContainText('Thank you for your message! You’ll hear back from us within 24 hours.');
    await expect(snack).toHaveAttribute('data-style', 'success');
    await expect(form.getByLabel('Full name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    // Stored, then mailed through the outbox to the support address (a real SMTP server on loopback).
    await expect
      .poll(async () => (await mailsTo(supportEmail)).some((mail) => mail.text.includes(text) && mail.text.includes('ada@example.com')), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  test('what is typed before the form’s code arrives is kept, in the same field', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    // Loaded: the page's own scripts have run; those asked for from now on (the form's code) wait until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await released;
      await route.continue();
    });
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Full name').fill('Ada Lovelace');
    await form.getByLabel('Message').click();
    await page.keyboard.type('Hello');
    release();

    const message = form.getByLabel('Message');
    await expect(message).toBeFocused();
    await page.keyboard.type(' there');
    await expect(message).toHaveValue('Hello there');
    await expect(form.getByLabel('Full name')).toHaveValue('Ada Lovelace');
    // The rules apply now: the form's code has taken over.
    await form.getByLabel('Full name').fill('');
    await form.getByLabel('Email').focus();
    await expect(form.getByText('Full name is required')).toBeVisible();
  });

  test('a failure says so in error style', async ({ page }) => {
    await acceptCookies(page);
    await page.route('**/api/support/message', (route) => route.abort('connectionrefused'));
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Full name').fill('Ada');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Message').fill('Hi');
    await form.getByRole('button', { name: 'SEND MESSAGE' }).click();
    const snack = page.getByTestId('snackbar');
    await expect(snack).toContainText('Failed to send message. Please contact us by email directly.');
    await expect(snack).toHaveAttribute('data-style', 'error');
    await expect(form.getByLabel('Message')).toHaveValue('Hi');
  });
});

test.describe('search engines', () => {
  const expectedPaths = [
    '/',
    '/solutions',
    '/solutions/consulting',
    '/solutions/pdf',
    '/solutions/health',
    '/solutions/talent',
    '/store/pricing',
    '/contact',
    '/legal',
    '/legal/terms-of-service',
    '/legal/privacy-policy',
    '/legal/cookie-policy',
  ];

  test('sitemap.xml lists every public page in every language with its alternates, at the running SITE_URL', async ({
    page,
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    await page.goto('/blank');
    const entries = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return [...doc.getElementsByTagName('url')].map((url) => ({
        loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
        alternates: [...url.getElementsByTagName('xhtml:link')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
      }));
    }, xml);
    expect(entries).not.toBeNull();
    // The site runs with SITE_URL set to its own address; the build was made without one.
    expect(new Set(entries!.map((entry) => new URL(entry.loc).origin))).toEqual(new Set([new URL(baseURL!).origin]));
    const paths = entries!.map((entry) => new URL(entry.loc).pathname);
    expect(paths.sort()).toEqual(locales.flatMap((locale) => expectedPaths.map((path) => prefixed(locale, path))).sort());
    for (const entry of entries!) {
      expect(entry.alternates.map(([hreflang]) => hreflang).sort()).toEqual(['de', 'en', 'ru', 'x-default']);
    }
    expect(paths).not.toContain('/blank');
  });

  test('robots.txt keeps portal pages and the API out and links the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(/^User-Agent: \*$/m);
    for (const locale of locales) {
      for (const path of ['/account', '/store/cart', '/store/checkout', '/store/payment-return', '/app/', '/api/']) {
        expect(robots).toContain(`Disallow: ${prefixed(locale, path)}\n`);
      }
    }
    expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}\n`);
    expect(robots).not.toMatch(/^Disallow: \/(contact|solutions|legal)?$/m);
  });
});
