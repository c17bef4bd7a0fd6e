/** What docs/deploy.md tells an operator to set up matches what the code needs. */
import fs from 'node:fs';
import { stripeWebhookEvents } from '@/server/services/payments/stripe-webhook';

const deployDocs = fs.readFileSync('docs/deploy.md', 'utf8');

it('names every Stripe event the webhook records, in the section that sets the endpoint up', () => {
  const section = deployDocs.slice(deployDocs.indexOf('## Stripe'), deployDocs.indexOf('\n## ', deployDocs.indexOf('## Stripe') + 1));
  const named = [...section.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((match) => match[1]);
  expect(new Set(named)).toEqual(new Set(stripeWebhookEvents));
});
