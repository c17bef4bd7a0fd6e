/** Typed spellings and the canonical form of each (tests/unit/canonical-email*.test.ts). */
export const canonicalForms: [typed: string, canonical: string][] = [
  ['x@example.test', 'x@example.test'],
  ['X@Example.TEST', 'x@example.test'],
  // Fullwidth letters, at sign and full stop (NFKC).
  ['ｘ@ｅｘａｍｐｌｅ.ｔｅｓｔ', 'x@example.test'],
  ['ｘ＠ｅｘａｍｐｌｅ．ｔｅｓｔ', 'x@example.test'],
  // Compatibility forms: the ligature ﬁ, the Kelvin sign, a circled letter.
  ['\uFB01@example.test', 'fi@example.test'],
  ['\u212A@example.test', 'k@example.test'],
  ['x@\u24D4xample.test', 'x@example.test'],
  // é typed as one character or as e and a combining accent.
  ['jose\u0301@example.test', 'jos\u00e9@example.test'],
  // An IDN domain: its ASCII form, however it was typed; the ideographic full stop is a dot.
  ['x@bücher.example', 'x@xn--bcher-kva.example'],
  ['x@BÜCHER.example', 'x@xn--bcher-kva.example'],
  ['x@xn--bcher-kva.example', 'x@xn--bcher-kva.example'],
  ['x@bücher\u3002example', 'x@xn--bcher-kva.example'],
  ['x@例え.テスト', 'x@xn--r8jz45g.xn--zckzah'],
];
