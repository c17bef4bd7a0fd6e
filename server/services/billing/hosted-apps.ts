import { hostedAppOf, type HostedApp, type HostedAppAccess } from '../../../lib/contract/hosted-apps';
import type { BackendDeps } from '../../deps';
import type { ApiLanguage } from '../platform/language';
import { listOwnSubscriptions, toSubscriptionModel } from './subscriptions';

/**
 * An app's landing page (docs/product/billing.md#app-landing-pages): where the app runs, the
 * free plan every account has, and the latest period of each of the customer's subscriptions to it.
 */
export async function hostedAppAccess(
  deps: Pick<BackendDeps, 'db' | 'catalog' | 'clock' | 'config'>,
  userId: string,
  app: HostedApp,
  language: ApiLanguage,
): Promise<HostedAppAccess> {
  const now = deps.clock.now();
  const [rows, freePlan] = await Promise.all([listOwnSubscriptions(deps.db, userId), deps.catalog.freePlanOf(app)]);
  return {
    App: app,
    AppUrl: deps.config.appUrls[app] ?? null,
    FreePlan: freePlan?.description[language] ?? null,
    Subscriptions: rows
      .filter((row) => !row.subscription.isRenewed && hostedAppOf(row.offer.claims) === app)
      .map((row) => toSubscriptionModel(row, now, language)),
  };
}
