/**
 * Who lends: the regulated entity the client config names (routes/client.ts) and whose name heads
 * every document it issues (domain/documents.ts). Apart from both so the engine, which issues
 * documents, does not import a route.
 */
export const LENDER = {
  name: 'Sandbox Finance Private Limited',
  rbiRegistration: 'N-14.03268',
  address: '4th Floor, Prestige Meridian 1, 29 MG Road, Bengaluru, Karnataka 560001',
  website: 'https://lender.example',
} as const;
