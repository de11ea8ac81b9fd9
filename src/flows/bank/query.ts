/** The query of the bank pages: ?pid= (the product being applied for) and, on /bank/add, ?ifsc_code=. */
import { useSearch } from 'wouter';

export interface BankQuery {
  pid: string;
  ifscCode: string | null;
}

export function readBankQuery(search: string): BankQuery {
  const q = new URLSearchParams(search);
  return { pid: q.get('pid') ?? '', ifscCode: q.get('ifsc_code') };
}

export function useBankQuery(): BankQuery {
  return readBankQuery(useSearch());
}
