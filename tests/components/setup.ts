import '@testing-library/jest-dom';
import { notifyManager } from '@tanstack/react-query';
import { configure } from '@testing-library/react';

// The screens call a real backend in another process: a payment or a refund there can take
// longer than Testing Library's one-second wait beside a loaded machine's other work, as the
// browser tests' own expect timeout allows for. Only a failing assertion waits that long.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, so it has no scrollIntoView; with no layout there is nothing to scroll.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// jsdom has no IntersectionObserver, so next/link falls back to marking itself visible on an
// idle callback, a state update after the test has moved on. With no layout, nothing ever
// intersects: an observer that never reports is what this page would see.
globalThis.IntersectionObserver ??= class IntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds = [0];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
};

// TanStack Query hands its results to the screens on a zero timer, which Jest's fake clock (the
// cart's 2000 ms pause) would hold: a resolved promise delivers them as a browser's next tick does.
notifyManager.setScheduler((callback) => void Promise.resolve().then(callback));
