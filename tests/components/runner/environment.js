// jsdom, with the page on its worker's backend origin (tests/components/runner/global-setup.mjs),
// so `/api/…` resolves and cookies work as in a browser. Node's own fetch and the page's cookie
// jar are handed in for the page's network (tests/components/runner/network.ts).
const { TestEnvironment } = require('jest-environment-jsdom');

/** This worker's entry of a space-separated list, in worker order (a run in band is worker 1). */
function forThisWorker(list) {
  if (!list) return undefined;
  const entries = list.split(' ');
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return entries[(worker - 1) % entries.length];
}

class ComponentEnvironment extends TestEnvironment {
  constructor(config, context) {
    const origin = forThisWorker(process.env.COMPONENT_SITE_ORIGINS);
    const projectConfig = origin
      ? { ...config.projectConfig, testEnvironmentOptions: { ...config.projectConfig.testEnvironmentOptions, url: `${origin}/` } }
      : config.projectConfig;
    super({ ...config, projectConfig }, context);
    this.global.nodeNetwork = {
      fetch: globalThis.fetch,
      Response: globalThis.Response,
      AbortController: globalThis.AbortController,
      cookieJar: this.dom.cookieJar,
      mailApi: forThisWorker(process.env.COMPONENT_MAIL_APIS),
    };
  }
}

module.exports = ComponentEnvironment;
