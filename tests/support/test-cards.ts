/** The manual provider's test cards (server/services/payments/manual.ts), written as the checkout lists them. */
export const testCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Pays now; the renewal charge later fails. */
  renewalFails: '4000 0000 0000 0341',
} as const;

/** The body of POST payment/manual/pay for a checkout: this card, sent without spaces as the form does, valid until 12/30. */
export const testCardPayment = (clientSecret: string, cardNumber: string = testCards.success) => ({
  ClientSecret: clientSecret,
  CardNumber: cardNumber.replace(/\s/g, ''),
  Expiry: '12/30',
  Cvc: '123',
});
