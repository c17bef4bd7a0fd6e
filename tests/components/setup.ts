import '@testing-library/jest-dom';

// jsdom lays nothing out, so it has no scrollIntoView; with no layout there is nothing to scroll.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
