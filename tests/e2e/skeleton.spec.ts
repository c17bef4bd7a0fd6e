import { expect, test } from '@playwright/test';
import { JSDOM } from 'jsdom';
import { acceptCookies, product } from './fixtures';

const locales = [
  { prefix: '', lang: 'en', heading: 'Software Consulting Services', contact: 'Contact' },
  { prefix: '/de', lang: 'de', heading: 'Softwareberatung', contact: 'Kontakt' },
  { prefix: '/ru', lang: 'ru', heading: 'Консалтинг по разработке ПО', contact: 'Контакты' },
];

test.describe('locales', () => {
  for (const locale of locales) {
    test(`home renders statically in ${locale.lang} with the shell`, async ({ request }) => {
      const response = await request.get(locale.prefix || '/', { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()['x-nextjs-prerender']).toBeTruthy();
      expect(response.headers()['cache-control']).toContain('s-maxage=');
      const { document } = new JSDOM(await response.text()).window;
      expect(document.documentElement.lang).toBe(locale.lang);
      expect(document.querySelector('h1')?.textContent).toBe(locale.heading);
      const links = [...(document.querySelector('nav')?.querySelectorAll('a') ?? [])].map((link) => link.textContent);
      expect(links).toContain(locale.contact);
      const copyright = document.querySelector('[data-testid="copyright"]')?.textContent;
      expect(copyright).toContain(`© ${new Date().getUTCFullYear()} Bluebonnet Software LLC`);
      expect(copyright).toContain('8.3.0 (2025-10-26)');
    });
  }

  test('a stored choice wins over the address and the browser', async ({ page, context }) => {
    await context.addCookies([{ name: 'language', value: 'ru', url: test.info().project.use.baseURL! }]);
    await page.goto('/de/contact');
    await expect(page).toHaveURL(/\/ru\/contact$/);
  });

  test('the address wins over the browser language, an /en address too', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'de-AT', baseURL });
    const page = await context.newPage();
    await acceptCookies(page);
    await page.goto('/ru/contact');
    await expect(page).toHaveURL(/\/ru\/contact$/);
    // English has no prefix: /en/contact shows /contact, in English, and the visit stays English.
    await page.goto('/en/contact');
    await expect(page).toHaveURL(/localhost:\d+\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/legal\/terms-of-service$/);
    await page.goto('/solutions');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // No stored choice was made: a German address is still German.
    await page.goto('/de/contact');
    await expect(page).toHaveURL(/\/de\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('a browser language starting with de gives German', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'de-AT', baseURL });
    const page = await context.newPage();
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/de\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('a Russian browser gets English (Russian only by choice)', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'ru-RU', baseURL });
    const page = await context.newPage();
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('choosing a language in the menu stores it in local storage and the cookie', async ({ page, context }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page).toHaveURL(/\/ru\/contact$/);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ru');
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('ru');
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/ru\/contact$/);
  });

  test('a language chosen on a section of the privacy policy stays on that section', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/legal/privacy-policy#7');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/legal\/privacy-policy#7$/);
    await expect(page.locator('[id="7"]')).toBeInViewport();
  });

  test('a choice kept only in local storage is restored', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'de'));
    await page.goto('/legal');
    await expect(page).toHaveURL(/\/de\/legal$/);
  });
});

test.describe('routes and titles', () => {
  test('unknown paths go home, with or without an extension', async ({ page }) => {
    await acceptCookies(page);
    for (const path of ['/no/such/page', '/about.html', '/wp-login.php', '/en/foo.php', '/images/none.png']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/localhost:\d+\/$/);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Software Consulting Services');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    for (const path of ['/de/nirgendwo', '/de/index.php']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/de$/);
    }
  });

  test('the icons, the manifest and the other files are served, and the pages link the icons and the manifest', async ({
    page,
    request,
  }) => {
    const types: [path: string, type: string][] = [
      ['/favicon.ico', 'image/x-icon'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/manifest.webmanifest', 'application/manifest+json'],
      ['/icons/icon-192.png', 'image/png'],
      ['/icons/icon-512.png', 'image/png'],
      ['/robots.txt', 'text/plain'],
      ['/sitemap.xml', 'application/xml'],
      ['/images/hero/desk1.webp', 'image/webp'],
    ];
    for (const [path, type] of types) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain(type);
    }
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.name).toBe(product);
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    await page.goto('/de/contact');
    const head = page.locator('head');
    await expect(head.locator('link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
    await expect(head.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
    await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // The build's own files still come through (a script of this page).
    const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
    expect((await request.get(script!)).status()).toBe(200);
  });

  test('/store opens pricing and /blank exists', async ({ page }) => {
    await page.goto('/store');
    await expect(page).toHaveURL(/\/store\/pricing$/);
    expect((await page.goto('/blank'))?.status()).toBe(200);
  });

  test('portal pages without a session go to the login fallback with the return path', async ({ page }) => {
    // The redirect's target as the server sent it: the page then drops ?login= from the address (accounts.spec.ts).
    const target = async (path: string) => {
      const url = new URL((await page.goto(path))!.url());
      return `${url.pathname} login=${url.searchParams.get('login')}`;
    };
    expect(await target('/account')).toBe('/ login=/account/settings');
    expect(await target('/store/checkout')).toBe('/store/pricing login=/store/pricing');
    expect(await target('/de/store/cart')).toBe('/de login=/store/cart');
    expect(await target('/ru/app/talent')).toBe('/ru login=/app/talent');
    const id = '0b8e7c1e-6f7a-4a63-9a53-2f1f3a1c0d9e';
    expect(await target(`/account/billing?invoice_id=${id}`)).toBe(`/ login=/account/billing/invoice/${id}`);
    expect(await target(`/de/account/billing?subscription_id=${id}`)).toBe(`/de login=/account/billing/subscription/${id}`);
  });

  test('pages describe themselves as documented, or not at all where the docs say none', async ({ request }) => {
    const description = async (path: string) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      return new JSDOM(await response.text()).window.document.querySelector('meta[name="description"]')?.getAttribute('content');
    };
    expect(await description('/')).toMatch(/Angular, \.NET, Cloud and AI/);
    expect(await description('/contact')).toMatch(/project/);
    // docs/product/pages.md#page-titles-and-descriptions names the pages whose description is empty; pricing is not one of them.
    expect(await description('/solutions/consulting')).toBeUndefined();
    expect(await description('/store/pricing')).toMatch(/apps and services, in US dollars/);
  });
});

test.describe('shell', () => {
  test('the cookie notice shows once and is remembered', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('dialog', { name: 'Cookie notice' });
    await expect(notice).toContainText('This website uses cookies to ensure you get the best experience.');
    await expect(notice.getByRole('link', { name: 'Learn more about cookies in our privacy policy' })).toHaveAttribute(
      'href',
      '/legal/privacy-policy',
    );
    await expect(notice.getByRole('link')).toContainText('Learn more');
    await notice.getByRole('button', { name: 'Ok' }).click();
    await expect(notice).toBeHidden();
    const consent = await page.evaluate(() => JSON.parse(localStorage.getItem('cookie.consent') ?? 'null'));
    expect(consent).toEqual({ timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), app: 'website' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('the cookie notice leaves the footer uncovered at the end of the page, and its Ok by keyboard hands the focus to the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/legal/cookie-policy');
    const notice = page.getByRole('dialog', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = page.locator('footer').getByText(/All rights reserved/);
    await expect
      .poll(async () => (await notice.boundingBox())!.y - ((await copyright.boundingBox())!.y + (await copyright.boundingBox())!.height))
      .toBeGreaterThanOrEqual(0);
    await notice.getByRole('button', { name: 'Ok' }).focus();
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
    await expect(page.locator('main')).toBeFocused();
  });

  test('a snack stands above the cookie notice while it is shown', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.goto('/?login=/account/settings');
    // By its label, not its role: the open login dialog hides the rest of the page from the accessibility tree.
    const notice = page.locator('[aria-label="Cookie notice"]');
    await expect(notice).toBeVisible();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Email').fill('ada@example.com');
    await login.getByLabel('Password', { exact: true }).fill('Sup3rSecret!');
    await login.getByRole('button', { name: 'SIGN IN' }).click();
    const snack = page.getByTestId('snackbar');
    await expect(snack).toBeVisible();
    const [snackBox, noticeBox] = [(await snack.boundingBox())!, (await notice.boundingBox())!];
    expect(snackBox.y + snackBox.height).toBeLessThanOrEqual(noticeBox.y);
  });

  test('a visitor sees Login and Sign Up, no cart, and the startup saves auth.session=false', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    await page.getByTestId('account-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Shopping cart/ })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('auth.session'))).toBe('false');
  });

  test('the menus open from the keyboard on the first try, with the first item focused, and are named with what they show', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    const account = page.getByRole('button', { name: 'Account' });
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('account-menu')).toBeFocused();
    // WCAG 2.5.3: the name holds the code on the button, so "click EN" works by voice.
    const language = page.getByRole('button', { name: 'Language: en' });
    await language.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio').first()).toBeFocused();
  });

  test('after following a footer link with the keyboard, the new page starts at its top at once, with the focus in it, not in the footer', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    // Focusing the footer link scrolls the page down to it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).focus();
    // That scroll is smooth (app/globals.css): it has to come to rest before the positions are watched.
    let lastY = -1;
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => window.scrollY);
          const resting = y > 0 && y === lastY;
          lastY = y;
          return resting;
        },
        { intervals: [150] },
      )
      .toBe(true);
    // Every scroll position the page passes through: a smooth scroll would pass through several.
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { scrollPositions: number[] }).scrollPositions = positions;
      window.addEventListener('scroll', () => positions.push(window.scrollY));
    });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/legal\/terms-of-service$/);
    await expect(page.locator('#main')).toBeFocused();
    // A smooth scroll would have moved by the second frame after focus.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions.filter((y) => y > 0))).toEqual(
      [],
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the current page link is underlined', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/contact');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Solutions' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
