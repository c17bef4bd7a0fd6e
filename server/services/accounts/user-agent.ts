import type { SessionBrowser, SessionSystem } from '../../../lib/contract/user';

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, and Android and iOS
// also say Linux and Mac OS X.
const browserRules: readonly [SessionBrowser, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\b(?:OPR|OPT|OPiOS)\/|\bOpera\b/],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

/** Browsers built on Chrome that name it too: better unknown than called Chrome. */
const otherChromeBrowsers = /\b(?:SamsungBrowser|YaBrowser|Vivaldi|UCBrowser|DuckDuckGo|MiuiBrowser|HuaweiBrowser)\//;

const systemRules: readonly [SessionSystem, RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

const firstMatch = <T>(rules: readonly [T, RegExp][], text: string): T | null => rules.find(([, rule]) => rule.test(text))?.[0] ?? null;

/**
 * The browser and system a User-Agent names, for the session list: only the common ones,
 * null for anything else. A browser can say what it likes here; this only helps the owner
 * recognise their own devices.
 */
export function describeUserAgent(userAgent: string | null): { browser: SessionBrowser | null; system: SessionSystem | null } {
  if (!userAgent) return { browser: null, system: null };
  return {
    browser: otherChromeBrowsers.test(userAgent) ? null : firstMatch(browserRules, userAgent),
    system: firstMatch(systemRules, userAgent),
  };
}
