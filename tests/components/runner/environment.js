// jsdom, with the page on the real backend's origin (tests/components/runner/global-setup.mjs),
// so `/api/…` resolves and cookies work as in a browser. Node's own fetch and the page's cookie
// jar are handed in for the page's network (tests/components/runner/network.ts).
const { TestEnvironment } = require('jest-environment-jsdom');

class ComponentEnvironment extends TestEnvironment {
  constructor(config, context) {
    const origin = process.env.COMPONENT_SITE_ORIGIN;
    const projectConfig = origin
      ? { ...config.projectConfig, testEnvironmentOptions: { ...config.projectConfig.testEnvironmentOptions, url: `${origin}/` } }
      : config.projectConfig;
    super({ ...config, projectConfig }, context);
    this.global.nodeNetwork = {
      fetch: globalThis.fetch,
      Response: globalThis.Response,
      AbortController: globalThis.AbortController,
      cookieJar: this.dom.cookieJar,
      mailApi: process.env.COMPONENT_MAIL_API,
    };
  }
}

module.exports = ComponentEnvironment;
