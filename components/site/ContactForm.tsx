'use client';

import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { showError } from '@/lib/state/snackbar';
import type { ContactFormStart } from './contact-form-start';
import type { ContactFormTexts } from './ContactFormView';

type LoadedForm = ComponentType<{ texts: ContactFormTexts; start: ContactFormStart }>;

/**
 * The support form (docs/product/pages.md#contact). Its `children` are the form as plain fields, rendered on the
 * server (PlainContactForm). The form's code (react-hook-form and the rules,
 * ContactFormLoaded.tsx) loads when a visitor reaches for it (pointer over it, focus in it, a
 * send), so the page's first load carries none of it and becomes usable sooner. The loaded form takes over
 * with what was typed, the fields already left, the focus and the caret, and goes on with a
 * send asked for meanwhile.
 */
export function ContactForm({ texts, children }: { texts: ContactFormTexts; children: ReactNode }) {
  const area = useRef<HTMLDivElement>(null);
  const requested = useRef(false);
  const sendWanted = useRef(false);
  const left = useRef(new Set<string>());
  const [loaded, setLoaded] = useState<{ Form: LoadedForm; start: ContactFormStart } | null>(null);

  function load() {
    if (requested.current) return;
    requested.current = true;
    import('./ContactFormLoaded').then(
      ({ default: Form, contactFormStart }) => {
        const form = area.current?.querySelector('form');
        if (!form) return;
        // One task from reading the fields to showing the loaded form: no keystroke falls between.
        flushSync(() => setLoaded({ Form, start: contactFormStart(form, left.current, sendWanted.current) }));
      },
      () => {
        // Offline or a new deployment: another reach tries again; a send says it failed.
        requested.current = false;
        if (sendWanted.current) showError({ text: texts.failure });
      },
    );
  }

  return (
    <div
      ref={area}
      onPointerEnter={load}
      onFocusCapture={load}
      onBlurCapture={(event) => {
        if (!loaded && 'name' in event.target && typeof event.target.name === 'string') left.current.add(event.target.name);
      }}
      onSubmitCapture={(event) => {
        if (loaded) return;
        event.preventDefault();
        sendWanted.current = true;
        load();
      }}
    >
      {loaded ? <loaded.Form texts={texts} start={loaded.start} /> : children}
    </div>
  );
}
